import { PageHeader } from '../../../shared/components/PageHeader';
import { PageSpinner } from '../../../shared/components/PageSpinner';

/**
 * /admin-panel: the admin and staff panel (second spec document).
 * The screen's content is built in this feature folder (api, slice, sagas, components); until its
 * data arrives it shows the spinner under the page's header.
 */
export default function AdminPanelPage() {
  return (
    <div className="page-container page-container--wide">
      <PageHeader title="Admin Panel" />
      <PageSpinner label="Loading Admin Panel" />
    </div>
  );
}
