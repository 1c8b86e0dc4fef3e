import { PageHeader } from '../../../shared/components/PageHeader';
import { PageSpinner } from '../../../shared/components/PageSpinner';

/**
 * /submit-interview-experience: the public share-experience form, submit button 'Submit Experience' (spec §2).
 * The screen's content is built in this feature folder (api, slice, sagas, components); until its
 * data arrives it shows the spinner under the page's header.
 */
export default function SubmitExperiencePage() {
  return (
    <div className="page-container">
      <PageHeader title="Share Your Interview Experience" />
      <PageSpinner label="Loading Share Your Interview Experience" />
    </div>
  );
}
