import { PageSpinner } from '../../../shared/components/PageSpinner';

/**
 * /profile: the read-only profile with an Edit button to /student-details (spec §2).
 * The screen's content is built in this feature folder (api, slice, sagas, components); until its
 * data arrives it shows the spinner. The student layout supplies the header 'Student - Profile'.
 */
export default function ProfilePage() {
  return <PageSpinner label="Loading Profile" />;
}
