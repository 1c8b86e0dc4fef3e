import { localDateTime } from '../format';
import { EMAIL_TEXT } from './compose';
import type { Campaign } from './types';

const STATUS_LABELS: Record<Campaign['status'], string> = { scheduled: 'Scheduled', sending: 'Sending', completed: 'Completed' };

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
      {error && (
        <p className="admin-banner admin-banner--error" role="alert">
          {error}
        </p>
      )}
      {status === 'loading' && campaigns.length === 0 ? (
        <p className="admin-loading" role="status">
          {EMAIL_TEXT.loadingCampaigns}
        </p>
      ) : campaigns.length === 0 ? (
        <p className="admin-empty">{EMAIL_TEXT.noCampaigns}</p>
      ) : (
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Subject</th>
              <th scope="col">Status</th>
              <th scope="col">Recipients</th>
              <th scope="col">Sent</th>
              <th scope="col">Failed</th>
              <th scope="col">Opened</th>
              <th scope="col">Created</th>
            </tr>
          </thead>
          <tbody>
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
          </tbody>
        </table>
      )}
    </section>
  );
}
