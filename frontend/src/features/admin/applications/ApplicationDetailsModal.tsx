import { useState, type ReactNode } from 'react';
import { Dialog } from 'primereact/dialog';
import { APPLICATION_STATUSES, type ApplicationStatus, type InterviewSlot } from '@placement/domain';
import { interviewWhen, interviewWhere } from '../../../shared/interviews';
import { InterviewSlotDialog } from './InterviewSlotDialog';
import { StudentResumeChecks } from '../resumeChecks/StudentResumeChecks';
import { localDateTime } from '../format';
import { HistoryLink } from '../HistoryLink';
import { OFFER_STATUS_LABELS, offerAmounts } from '../../../shared/offers';
import { OfferForm } from './OfferForm';
import { REVIEW_MESSAGES, type ResumeCheck } from './applicationsSlice';
import { applicantEmail, applicantName, applicantPhone, applicantRollNo, type ReviewedApplication, type ReviewJob } from './types';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="admin-details__row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const orNA = (value: string | null | undefined): string => (value && value.trim() !== '' ? value : 'N/A');

/** Spec §2: 'Application Details' with the applicant, the job and the status (one button per status, the current one disabled). */
export function ApplicationDetailsModal({
  application,
  job,
  resume,
  downloading,
  busy,
  onStatus,
  onDownload,
  onClose,
}: {
  application: ReviewedApplication;
  job: ReviewJob | undefined;
  resume: ResumeCheck;
  downloading: boolean;
  busy: boolean;
  onStatus: (status: ApplicationStatus, interview?: InterviewSlot) => void;
  onDownload: () => void;
  onClose: () => void;
}) {
  const jobShown = { ...job, ...(application.jobId ?? {}) };
  // Accepted is an offer: its button opens the offer form instead of setting the status at once.
  const [offering, setOffering] = useState(false);
  // Scheduled asks for the interview slot first.
  const [scheduling, setScheduling] = useState(false);
  const choose = (status: ApplicationStatus) => {
    if (status === 'Accepted') setOffering(true);
    else if (status === 'Scheduled') setScheduling(true);
    else onStatus(status);
  };
  const footer = (
    <div className="admin-form__actions">
      <HistoryLink kind="applications" id={application._id} onFollow={onClose} />
      <button type="button" className="admin-btn" onClick={onClose}>
        Close
      </button>
    </div>
  );
  return (
    <Dialog header="Application Details" visible onHide={onClose} footer={footer} style={{ width: '720px' }} modal draggable={false} resizable={false}>
      <div className="admin-details">
        <section aria-labelledby="application-applicant">
          <h3 id="application-applicant">Applicant Information</h3>
          <dl>
            <Row label="Name">{orNA(applicantName(application))}</Row>
            <Row label="Email">{orNA(applicantEmail(application))}</Row>
            <Row label="Phone">{orNA(applicantPhone(application))}</Row>
            <Row label="Roll Number">{orNA(applicantRollNo(application))}</Row>
            <Row label="Resume">
              {resume === 'invalid' ? (
                REVIEW_MESSAGES.resumeUnavailable
              ) : (
                <button type="button" className="admin-btn admin-btn--small" onClick={onDownload} disabled={resume === 'checking' || downloading} aria-busy={resume === 'checking' || downloading}>
                  <i className="pi pi-download" aria-hidden="true" /> Download Resume
                </button>
              )}
            </Row>
            {application.userId?._id && (
              <Row label="Resume Checks">
                <StudentResumeChecks studentId={application.userId._id} />
              </Row>
            )}
          </dl>
        </section>
        <section aria-labelledby="application-job">
          <h3 id="application-job">Job Information</h3>
          <dl>
            <Row label="Profile">{orNA(jobShown.profiles)}</Row>
            <Row label="Company">{orNA(jobShown.companyName)}</Row>
            <Row label="CTC/Stipend">{orNA(jobShown.ctcOrStipend)}</Row>
            <Row label="Location">{orNA(jobShown.location)}</Row>
            <Row label="Type">{orNA((jobShown.offerType ?? []).join(', '))}</Row>
          </dl>
        </section>
        <section aria-labelledby="application-status">
          <h3 id="application-status">Application Status</h3>
          <dl>
            <Row label="Current Status">{orNA(application.status)}</Row>
            <Row label="Applied Date">{localDateTime(application.appliedDate)}</Row>
            {application.interview && (
              <Row label="Interview">
                {interviewWhen(application.interview)}
                <span className="interview-slot__shown">{interviewWhere(application.interview)}</span>
              </Row>
            )}
            {application.offer && (
              <Row label="Offer">
                <span className="admin-details__offer">
                  {application.offer.tier} · {offerAmounts(application.offer)} · {OFFER_STATUS_LABELS[application.offer.status]}
                </span>
              </Row>
            )}
          </dl>
          <div className="admin-details__roles" role="group" aria-label="Set status">
            {APPLICATION_STATUSES.map((status) => (
              <button key={status} type="button" className="admin-btn admin-btn--small" disabled={busy || (status === application.status && status !== 'Scheduled')} onClick={() => choose(status)}>
                {status}
              </button>
            ))}
          </div>
          {scheduling && (
            <InterviewSlotDialog
              count={1}
              busy={busy}
              onSubmit={(slot) => {
                setScheduling(false);
                onStatus('Scheduled', slot);
              }}
              onCancel={() => setScheduling(false)}
            />
          )}
          {offering && <OfferForm applicationId={application._id} onDone={() => setOffering(false)} onCancel={() => setOffering(false)} />}
        </section>
      </div>
    </Dialog>
  );
}
