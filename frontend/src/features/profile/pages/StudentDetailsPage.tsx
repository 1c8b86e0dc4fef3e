import { PageSpinner } from '../../../shared/components/PageSpinner';

/**
 * /student-details: the profile form (spec §2, §5).
 * The screen's content is built in this feature folder (api, slice, sagas, components); until its
 * data arrives it shows the spinner. The student layout supplies the header 'Student - Student Details'.
 */
export default function StudentDetailsPage() {
  return <PageSpinner label="Loading Student Details" />;
}
