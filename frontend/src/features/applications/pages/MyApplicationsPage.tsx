import { PageSpinner } from '../../../shared/components/PageSpinner';

/**
 * /my-applications: the student's applications table (spec §2).
 * The screen's content is built in this feature folder (api, slice, sagas, components); until its
 * data arrives it shows the spinner. The student layout supplies the header 'Student - My Applications'.
 */
export default function MyApplicationsPage() {
  return <PageSpinner label="Loading My Applications" />;
}
