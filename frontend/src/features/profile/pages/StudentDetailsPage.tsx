import { useEffect } from 'react';
import { Button } from 'primereact/button';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { PageSpinner } from '../../../shared/components/PageSpinner';
import { ProfileForm } from '../components/ProfileForm';
import { profileRequested, profileSaveReset, selectProfile } from '../profileSlice';
import '../profile.css';

/**
 * /student-details: the profile form (spec §2, §5). It loads the profile (the saga sends a missing
 * token or a 401 to the sign-in page), then edits it; after saving the saga goes to /dashboard,
 * replacing history. The student layout supplies the header 'Student - Student Details'.
 */
export default function StudentDetailsPage() {
  const dispatch = useAppDispatch();
  const { user, loading, error } = useAppSelector(selectProfile);

  useEffect(() => {
    dispatch(profileSaveReset());
    dispatch(profileRequested());
  }, [dispatch]);

  if (!user) {
    if (loading || !error) return <PageSpinner label="Loading Student Details" />;
    return (
      <div className="inline-error" role="alert">
        <p>{error}</p>
        <Button type="button" label="Try again" icon="pi pi-refresh" onClick={() => dispatch(profileRequested())} />
      </div>
    );
  }
  return (
    <section className="student-details" aria-labelledby="student-details-title">
      <h2 id="student-details-title" className="student-details__title">
        Complete your profile
      </h2>
      <p className="student-details__intro">Fields marked * are required. Full name, email and roll number belong to your account and cannot be changed here.</p>
      {/* The form starts from the profile as first loaded; a later re-read does not reset what is typed. */}
      <ProfileForm key={user._id} profile={user} />
    </section>
  );
}
