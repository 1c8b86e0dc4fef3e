import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { PageSpinner } from '../../../shared/components/PageSpinner';
import { ApplicationsTable } from '../components/ApplicationsTable';
import { CalendarFeedPanel } from '../components/CalendarFeedPanel';
import { MY_APPLICATIONS_MESSAGES, myApplicationsRequested, selectMyApplications } from '../myApplicationsSlice';
import '../applications.css';

/** /my-applications: the student's applications table (spec §2). */
export default function MyApplicationsPage() {
  const dispatch = useAppDispatch();
  const { items, status, error } = useAppSelector(selectMyApplications);

  useEffect(() => {
    dispatch(myApplicationsRequested());
  }, [dispatch]);

  if (status === 'failed') {
    return (
      <p className="inline-error" role="alert">
        {error ?? MY_APPLICATIONS_MESSAGES.loadFailed}
      </p>
    );
  }
  if (status !== 'succeeded' && items.length === 0) return <PageSpinner label="Loading My Applications" />;
  return (
    <>
      {items.length === 0 ? <p className="empty-state">{MY_APPLICATIONS_MESSAGES.empty}</p> : <ApplicationsTable applications={items} />}
      <CalendarFeedPanel />
    </>
  );
}
