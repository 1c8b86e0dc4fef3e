import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { PageSpinner } from '../../../shared/components/PageSpinner';
import { fileUrl, photoUrl } from '../../../shared/files';
import { PATHS } from '../../../shared/routes';
import { ChangePasswordForm } from '../../../shared/session/ChangePasswordForm';
import { profileRequested, selectProfile } from '../profileSlice';
import type { EducationEntry, Profile } from '../types';
import '../profile.css';

export const PROFILE_EMPTY = {
  resume: 'No resume uploaded.',
  skills: 'No skills added yet.',
  certifications: 'No certifications available.',
  experience: 'No experience added.',
} as const;

const shown = (value: unknown): string => (value === null || value === undefined || String(value).trim() === '' ? 'N/A' : String(value));
const hasAny = (entry: EducationEntry | null | undefined): boolean => Boolean(entry && Object.values(entry).some((value) => value !== null && value !== undefined && String(value).trim() !== ''));

function EducationBlock({ title, entry }: { title: string; entry: EducationEntry | null | undefined }) {
  return (
    <div className="education-block">
      <h3>{title}</h3>
      {entry?.degree !== undefined && <p>Degree: {shown(entry?.degree)}</p>}
      <p>Score: {shown(entry?.percentage ?? entry?.percentageOrCGPA)}</p>
      <p>Passing year: {shown(entry?.passingYear)}</p>
    </div>
  );
}

function ProfileView({ profile }: { profile: Profile }) {
  const education: Partial<NonNullable<Profile['education']>> = profile.education ?? {};
  const course = education.masters?.degree || education.graduation?.degree || 'N/A';
  const experience = (profile.experience ?? []).filter((entry) => entry.organizationName || entry.details);
  return (
    <div className="profile">
      <section className="profile__card profile__summary">
        <img className="profile__photo" src={photoUrl(profile.profilePhoto)} alt={`${profile.fullName}'s photo`} width={112} height={112} />
        <div className="profile__identity">
          <h2>{profile.fullName}</h2>
          <dl className="profile__facts">
            <div><dt>Course</dt><dd>{course}</dd></div>
            <div><dt>College</dt><dd>{shown(profile.school)}</dd></div>
            <div><dt>Contact Number</dt><dd>{shown(profile.mobileNo)}</dd></div>
            <div><dt>Email</dt><dd>{shown(profile.email)}</dd></div>
            <div><dt>Area of Interest</dt><dd>{shown(profile.areaOfInterest)}</dd></div>
          </dl>
        </div>
        <Link to={PATHS.studentDetails} className="p-button profile__edit">
          <i className="pi pi-pencil" aria-hidden="true" /> Edit
        </Link>
      </section>

      <section className="profile__card" aria-labelledby="profile-resume">
        <h2 id="profile-resume">Resume</h2>
        {profile.resume ? (
          <a href={fileUrl(profile.resume)} target="_blank" rel="noopener noreferrer">
            <i className="pi pi-file-pdf" aria-hidden="true" /> View resume<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        ) : (
          <p className="profile__empty">{PROFILE_EMPTY.resume}</p>
        )}
      </section>

      <section className="profile__card" aria-labelledby="profile-skills">
        <h2 id="profile-skills">Skills</h2>
        {profile.skills && profile.skills.length > 0 ? (
          <ul className="tag-list">
            {profile.skills.map((skill, index) => (
              <li className="tag" key={skill.id ?? `${skill.name}-${index}`}>
                {skill.name}
              </li>
            ))}
          </ul>
        ) : (
          <p className="profile__empty">{PROFILE_EMPTY.skills}</p>
        )}
      </section>

      <section className="profile__card" aria-labelledby="profile-education">
        <h2 id="profile-education">Education</h2>
        <div className="education-grid">
          <EducationBlock title="10th" entry={education.tenth} />
          <EducationBlock title="12th" entry={education.twelfth} />
          <EducationBlock title="Graduation" entry={{ degree: education.graduation?.degree ?? '', ...education.graduation }} />
          {hasAny(education.masters) && <EducationBlock title="Masters" entry={{ degree: education.masters?.degree ?? '', ...education.masters }} />}
        </div>
      </section>

      <section className="profile__card" aria-labelledby="profile-certifications">
        <h2 id="profile-certifications">Certifications</h2>
        {profile.certifications && profile.certifications.length > 0 ? (
          <ul className="profile__list">
            {profile.certifications.map((certification, index) => (
              <li key={`${certification.name}-${index}`}>
                {certification.image ? (
                  <a href={fileUrl(certification.image)} target="_blank" rel="noopener noreferrer">
                    {certification.name}<span className="visually-hidden"> (opens the certificate in a new tab)</span>
                  </a>
                ) : (
                  certification.name
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="profile__empty">{PROFILE_EMPTY.certifications}</p>
        )}
      </section>

      <section className="profile__card" aria-labelledby="profile-experience">
        <h2 id="profile-experience">Experience</h2>
        {experience.length > 0 ? (
          <div className="experience-grid">
            {experience.map((entry, index) => (
              <article className="experience-card" key={`${entry.organizationName}-${index}`}>
                <h3>{shown(entry.organizationName)}</h3>
                <p className="experience-card__duration">{shown(entry.duration)}</p>
                <p>{shown(entry.details)}</p>
              </article>
            ))}
          </div>
        ) : (
          <p className="profile__empty">{PROFILE_EMPTY.experience}</p>
        )}
      </section>

      <section className="profile__card" aria-labelledby="profile-password">
        <h2 id="profile-password">Change Password</h2>
        <ChangePasswordForm />
      </section>
    </div>
  );
}

/** /profile: the read-only profile with Edit → /student-details (spec §2). */
export default function ProfilePage() {
  const dispatch = useAppDispatch();
  const { user, loading, error } = useAppSelector(selectProfile);

  useEffect(() => {
    dispatch(profileRequested());
  }, [dispatch]);

  if (user) return <ProfileView profile={user} />;
  if (error && !loading) {
    return (
      <p className="inline-error" role="alert">
        {error}
      </p>
    );
  }
  return <PageSpinner label="Loading Profile" />;
}
