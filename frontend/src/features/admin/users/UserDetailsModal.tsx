import type { ReactNode } from 'react';
import { Dialog } from 'primereact/dialog';
import { Link } from 'react-router-dom';
import { defaultAvatar, fileUrl, photoUrl } from '../../../shared/files';
import { auditHref } from '../audit/format';
import { capitalise, localDateTime } from '../format';
import { ROLES, type AdminUser, type Education, type Role, type StudentProfile } from '../types';
import { ResetSecondFactorButton } from '../security/ResetSecondFactorButton';
import { StudentResumeChecks } from '../resumeChecks/StudentResumeChecks';

const text = (value: unknown, fallback = 'Not provided'): string => (value === null || value === undefined || String(value).trim() === '' ? fallback : String(value));

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="admin-details__row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function EducationRow({ label, education, degree }: { label: string; education: Education | null | undefined; degree?: boolean }) {
  const score = degree ? education?.percentageOrCGPA : education?.percentage;
  return (
    <Row label={label}>
      {degree ? `${text(education?.degree, 'N/A')} · ` : ''}
      {text(score, 'N/A')} · {text(education?.passingYear, 'N/A')}
    </Row>
  );
}

const FileLink = ({ path, label }: { path: string; label: string }) => (
  <a href={fileUrl(path)} target="_blank" rel="noopener noreferrer">
    {label}
    <span className="visually-hidden"> (opens in a new tab)</span>
  </a>
);

/** 'Student Profile' for students, 'User Details' for others; every fallback text of the spec; three role buttons. */
export function UserDetailsModal({
  user,
  profile,
  loading,
  busy,
  onChangeRole,
  onClose,
}: {
  user: AdminUser;
  profile: StudentProfile | null;
  loading: boolean;
  busy: boolean;
  onChangeRole: (role: Role) => void;
  onClose: () => void;
}) {
  const isStudent = user.role === 'student';
  // The row's fields, and the profile's once it has come (a staff or admin account has none).
  const data: AdminUser & Partial<StudentProfile> = { ...user, ...(profile ?? {}), role: user.role };
  const skills = (data.skills ?? []).map((s) => s?.name).filter((name): name is string => Boolean(name && name.trim()));
  const certifications = data.certifications ?? [];
  const experience = (data.experience ?? []).filter((e) => e && (e.hasExperience !== false || e.organizationName));

  const footer = (
    <>
      <Link className="admin-btn" to={auditHref('users', user._id)} onClick={onClose}>
        <i className="pi pi-history" aria-hidden="true" /> History
      </Link>
      {!isStudent && <ResetSecondFactorButton userId={user._id} name={user.fullName || user.email || user._id} />}
      <button type="button" className="admin-btn" onClick={onClose}>
        Close
      </button>
    </>
  );
  return (
    <Dialog header={isStudent ? 'Student Profile' : 'User Details'} visible onHide={onClose} footer={footer} style={{ width: '720px' }} modal draggable={false} resizable={false}>
      {loading ? (
        <p role="status">Loading...</p>
      ) : (
        <div className="admin-details">
          <img
            className="admin-details__photo"
            src={photoUrl(data.profilePhoto)}
            alt={`Profile photo of ${text(data.fullName, 'user')}`}
            width={96}
            height={96}
            onError={(event) => {
              if (!event.currentTarget.src.endsWith(defaultAvatar)) event.currentTarget.src = defaultAvatar;
            }}
          />
          <dl>
            <Row label="Full Name">{text(data.fullName)}</Row>
            <Row label="Email">{text(data.email)}</Row>
            <Row label="Mobile No">{text(data.mobileNo)}</Row>
            <Row label="Role">{capitalise(data.role) || 'N/A'}</Row>
            <Row label="Status">{capitalise(data.status || 'active')}</Row>
            {isStudent && <Row label="Roll No">{text(data.rollNo, 'N/A')}</Row>}
            <Row label="Created">{localDateTime(data.createdAt, 'Not available')}</Row>
            <Row label="Last Updated">{localDateTime(data.updatedAt, 'Not available')}</Row>
            {isStudent && (
              <>
                <Row label="WhatsApp No">{text(data.whatsappNo)}</Row>
                <Row label="Father's Name">{text(data.fatherName)}</Row>
                <Row label="Father's Number">{text(data.fatherNumber)}</Row>
                <Row label="Alternate Email">{text(data.mailId)}</Row>
                <Row label="Ready to Relocate">{data.readyToRelocate === true ? 'Yes' : data.readyToRelocate === false ? 'No' : 'Not provided'}</Row>
                <Row label="School">{text(data.school)}</Row>
                <Row label="Existing Backlogs">{text(data.existingBacklogs, 'N/A')}</Row>
                <Row label="Area of Interest">{text(data.areaOfInterest)}</Row>
                <EducationRow label="10th (percentage · year)" education={data.education?.tenth} />
                <EducationRow label="12th (percentage · year)" education={data.education?.twelfth} />
                <EducationRow label="Graduation (degree · score · year)" education={data.education?.graduation} degree />
                <EducationRow label="Masters (degree · score · year)" education={data.education?.masters} degree />
                <Row label="Skills">{skills.length > 0 ? skills.join(', ') : 'None'}</Row>
                <Row label="Certifications">
                  {certifications.length > 0 ? (
                    <ul>
                      {certifications.map((c, index) => (
                        <li key={`${c?.name ?? ''}-${index}`}>
                          {text(c?.name, 'N/A')} {c?.image ? <FileLink path={c.image} label="View" /> : null}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    'No certifications'
                  )}
                </Row>
                <Row label="Experience">
                  {experience.length > 0 ? (
                    <ul>
                      {experience.map((e, index) => (
                        <li key={`${e.organizationName ?? ''}-${index}`}>
                          {text(e.organizationName, 'N/A')} ({text(e.duration, 'N/A')}): {text(e.details, 'N/A')}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    'No experience'
                  )}
                </Row>
                <Row label="Resume">{data.resume ? <FileLink path={data.resume} label="View Resume" /> : 'Not uploaded'}</Row>
                <Row label="Resume Checks">
                  <StudentResumeChecks studentId={user._id} />
                </Row>
              </>
            )}
          </dl>
          <div className="admin-details__roles" role="group" aria-label="Change role">
            {ROLES.map((role) => (
              <button key={role} type="button" className="admin-btn" disabled={busy || role === user.role} onClick={() => onChangeRole(role)}>
                Make {capitalise(role)}
              </button>
            ))}
          </div>
        </div>
      )}
    </Dialog>
  );
}
