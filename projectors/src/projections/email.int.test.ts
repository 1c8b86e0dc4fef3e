import type { CampaignEvent, TemplateEvent } from '@placement/domain';
import { EMAIL_COLLECTIONS, type CampaignDocument, type TemplateDocument } from '@placement/platform';
import { builtTwiceFromHistory } from '../test-support';
import { emailProjection } from './email';
import { recorded } from './test-history';

const queued = (campaignId: string, emails: string[], scheduledFor: string | null = null): CampaignEvent => ({
  type: 'CampaignQueued',
  data: {
    campaignId,
    subject: `Subject ${campaignId}`,
    content: '<p>Hello</p>',
    recipients: emails.map((email, index) => ({ userId: `u${index}`, email, fullName: `User ${index}` })),
    attachments: [{ key: `campaigns/${campaignId}/a.pdf`, filename: 'a.pdf', contentType: 'application/pdf', size: 10 }],
    trackOpens: true,
    scheduledFor,
    requestedBy: 'staff-1',
  },
});
const sent = (campaignId: string, email: string): CampaignEvent => ({ type: 'CampaignRecipientSent', data: { campaignId, email, messageId: `<${email}>` } });
const failed = (campaignId: string, email: string, final: boolean, attempt: number): CampaignEvent => ({
  type: 'CampaignRecipientFailed',
  data: { campaignId, email, reason: 'mailbox unavailable', attempt, final },
});

const history = (): (TemplateEvent | CampaignEvent)[] => [
  { type: 'TemplateSaved', data: { templateId: 'tp1', name: 'Welcome', subject: 'Hi', content: '<p>Hi</p>' } },
  { type: 'TemplateSaved', data: { templateId: 'tp2', name: 'drive reminder', subject: 'Drive', content: '<p>Drive</p>' } },
  { type: 'TemplateUpdated', data: { templateId: 'tp1', before: { name: 'Welcome' }, after: { name: 'Zeta welcome' } } },
  queued('c1', ['a@u.edu', 'b@u.edu', 'c@u.edu']),
  sent('c1', 'a@u.edu'),
  failed('c1', 'b@u.edu', false, 1),
  { type: 'CampaignEmailOpened', data: { campaignId: 'c1', email: 'a@u.edu' } },
  sent('c1', 'b@u.edu'),
  failed('c1', 'c@u.edu', true, 3),
  { type: 'CampaignCompleted', data: { campaignId: 'c1', sent: 2, failed: 1 } },
  queued('c2', ['a@u.edu'], '2030-01-01T09:00:00.000Z'),
  queued('c3', ['a@u.edu', 'b@u.edu']),
  sent('c3', 'b@u.edu'),
];

describe('e-mail projection', () => {
  const subject = builtTwiceFromHistory(emailProjection, history);

  it('ignores retries that will be tried again, and the events of other aggregates', () => {
    expect(emailProjection.apply(recorded(failed('c1', 'b@u.edu', false, 1)))).toEqual([]);
    expect(emailProjection.apply(recorded({ type: 'JobDeleted', data: { jobId: 'j', status: 'approved' } }))).toEqual([]);
  });

  it('applies the log a second time without changing a byte', () => {
    expect(subject.built.once[EMAIL_COLLECTIONS.campaigns]!.length).toBeGreaterThan(0);
    expect(subject.built.twice).toEqual(subject.built.once);
  });

  it('keeps templates with their edits', async () => {
    const templates = await subject.db.collection<TemplateDocument>(EMAIL_COLLECTIONS.templates).find().sort({ lowerName: 1 }).toArray();
    expect(templates.map(({ _id, name, lowerName }) => ({ _id, name, lowerName }))).toEqual([
      { _id: 'tp2', name: 'drive reminder', lowerName: 'drive reminder' },
      { _id: 'tp1', name: 'Zeta welcome', lowerName: 'zeta welcome' },
    ]);
  });

  it('counts sent, finally failed and opened mails, and moves each campaign from scheduled or sending to completed', async () => {
    const campaigns = subject.db.collection<CampaignDocument>(EMAIL_COLLECTIONS.campaigns);
    expect(await campaigns.findOne({ _id: 'c1' })).toMatchObject({
      subject: 'Subject c1',
      recipients: 3,
      sent: 2,
      failed: 1,
      opened: 1,
      status: 'completed',
      trackOpens: true,
      scheduledFor: null,
      createdAt: '2025-03-10T09:00:03.000Z',
      completedAt: '2025-03-10T09:00:09.000Z',
    });
    expect(await campaigns.findOne({ _id: 'c2' })).toMatchObject({ recipients: 1, sent: 0, status: 'scheduled', scheduledFor: '2030-01-01T09:00:00.000Z' });
    expect(await campaigns.findOne({ _id: 'c3' })).toMatchObject({ recipients: 2, sent: 1, failed: 0, status: 'sending', completedAt: null });
  });
});
