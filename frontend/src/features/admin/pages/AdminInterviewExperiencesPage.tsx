import { PageHeader } from '../../../shared/components/PageHeader';
import { PageSpinner } from '../../../shared/components/PageSpinner';

/**
 * /admin-panel/interview-experiences: interview experience management (second spec document).
 * The screen's content is built in this feature folder (api, slice, sagas, components); until its
 * data arrives it shows the spinner under the page's header.
 */
export default function AdminInterviewExperiencesPage() {
  return (
    <div className="page-container page-container--wide">
      <PageHeader title="Interview Experiences" />
      <PageSpinner label="Loading Interview Experiences" />
    </div>
  );
}
