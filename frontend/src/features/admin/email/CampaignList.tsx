import { AlertBanner } from '../components/AdminBanners';
import { ListState } from '../components/ListState';
import { localDateTime } from '../format';
import { DataTable } from '../table/DataTable';
import { EMAIL_TEXT } from './compose';
import type { Campaign } from './types';

const STATUS_LABELS: Record<Campaign['status'], string> = { scheduled: 'Scheduled', sending: 'Sending', completed: 'Completed' };

const HEADERS = ['Subject', 'Status', 'Recipients', 'Sent', 'Failed', 'Opened', 'Created'];

/** Bulk e-mails sent so far, newest first, with their sent, failed and opened counts from the read model. */
export function CampaignList({ campaigns, status, error, onRefresh }: { campaigns: Campaign[]; status: string; error: string | null; onRefresh: () => void }) {
  return (
    <section className="email-campaigns" aria-labelledby="email-campaigns-title">
      <div className="admin-section__header">
        <h3 id="email-campaigns-title">Recent Emails</h3>
        <button type="button" className="admin-btn" onClick={onRefresh}>
          <i className="pi pi-refresh" aria-hidden="true" /> Refresh Emails
        </button>
      </div>
      {error && <AlertBanner>{error}</AlertBanner>}
      <ListState loading={status === 'loading' && campaigns.length === 0} loadingText={EMAIL_TEXT.loadingCampaigns} empty={campaigns.length === 0} emptyText={EMAIL_TEXT.noCampaigns}>
        <DataTable headers={HEADERS}>
          {campaigns.map((campaign) => (
            <tr key={campaign._id}>
              <td>{campaign.subject}</td>
              <td>
                {STATUS_LABELS[campaign.status] ?? campaign.status}
                {campaign.status === 'scheduled' && campaign.scheduledFor ? ` (${localDateTime(campaign.scheduledFor)})` : ''}
                {campaign.status === 'sending' ? ` (${campaign.progress}%)` : ''}
              </td>
              <td>{campaign.recipients}</td>
              <td>{campaign.sent}</td>
              <td>{campaign.failed}</td>
              <td>{campaign.trackOpens ? `${campaign.opened} (${campaign.openRate}%)` : 'Not tracked'}</td>
              <td>{localDateTime(campaign.createdAt)}</td>
            </tr>
          ))}
        </DataTable>
      </ListState>
    </section>
  );
}
