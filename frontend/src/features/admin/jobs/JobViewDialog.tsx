import { Dialog } from 'primereact/dialog';
import { capitalise } from '../format';
import { HistoryLink } from '../HistoryLink';
import { EligibilityOverride, rulesSummary } from './EligibilityOverride';
import { localDate, shown } from './format';
import type { AdminJob } from './types';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="admin-details__row">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

const contactOf = (job: AdminJob): string => [job.contactPersonName, job.contactNumber, job.email].filter((part) => part && String(part).trim()).join(' · ') || 'N/A';
const companyOf = (job: AdminJob): string =>
  [job.companyName, job.website, job.yearOfEstablishment ? `Established ${job.yearOfEstablishment}` : ''].filter((part) => part && String(part).trim()).join(' · ') || 'N/A';

/** Spec §2: the job's view overlay, every field in the spec's order; Close, and History (audit section). */
export function JobViewDialog({ job, onClose }: { job: AdminJob; onClose: () => void }) {
  const footer = (
    <div className="admin-form__actions">
      <HistoryLink kind="jobs" id={job._id} onFollow={onClose} />
      <button type="button" className="admin-btn" onClick={onClose}>
        Close
      </button>
    </div>
  );
  return (
    // The details scroll and hold nothing focusable: the content itself takes focus, so keyboards can scroll it.
    <Dialog
      header={`${job.profiles} - ${job.companyName}`}
      visible
      onHide={onClose}
      footer={footer}
      style={{ width: '760px' }}
      modal
      draggable={false}
      resizable={false}
      pt={{ content: { tabIndex: 0 } }}
    >
      <dl className="admin-details">
        <Row label="CTC/Stipend" value={shown(job.ctcOrStipend)} />
        <Row label="Location" value={shown(job.location)} />
        <Row label="Job Type" value={shown(job.offerType)} />
        <Row label="Vacancies" value={shown(job.vacancies)} />
        <Row label="Referred By" value={shown(job.reference)} />
        <Row label="Category" value={shown(job.category)} />
        <Row label="Starting Date" value={localDate(job.dateOfJoining)} />
        <Row label="Office Address" value={shown(job.officeAddress)} />
        <Row label="Description" value={shown(job.jobDescription)} />
        <Row label="Eligibility" value={shown(job.eligibility)} />
        <Row label="Eligibility rules" value={rulesSummary(job.eligibilityRules)} />
        {job.eligibleStudents !== undefined && <Row label="Eligible students" value={String(job.eligibleStudents)} />}
        <Row label="Skills" value={shown(job.skills)} />
        <Row label="Additional Info" value={shown(job.additionalInfo)} />
        <Row label="Contact Info" value={contactOf(job)} />
        <Row label="Company Details" value={companyOf(job)} />
        <Row label="Reference" value={shown(job.reference)} />
        <Row label="Result Declaration" value={shown(job.resultDeclaration)} />
        <Row label="Status" value={capitalise(job.status)} />
      </dl>
      <EligibilityOverride jobId={job._id} />
    </Dialog>
  );
}
