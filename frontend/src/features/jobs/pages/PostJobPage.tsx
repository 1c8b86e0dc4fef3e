import { PageHeader } from '../../../shared/components/PageHeader';
import { PageSpinner } from '../../../shared/components/PageSpinner';

/**
 * /post-job: the job posting form for admin and staff (spec §2, §5).
 * The screen's content is built in this feature folder (api, slice, sagas, components); until its
 * data arrives it shows the spinner under the page's header.
 */
export default function PostJobPage() {
  return (
    <div className="page-container">
      <PageHeader title="Post a Job" />
      <PageSpinner label="Loading Post a Job" />
    </div>
  );
}
