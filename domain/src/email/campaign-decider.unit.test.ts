import { fold, given } from '../decider';
import { contextAs, rejectionOf } from '../schemas-shared/test-support';
import { campaignDecider, campaignRecipient, campaignRecipients, type QueueCampaign } from './campaign-decider';
import type { CampaignEvent, CampaignQueued } from './events';
import { EMAIL_MESSAGES } from './schemas';

const staff = contextAs('staff', 'staff-7');
const system = contextAs('system', null);
const campaignId = 'c1';
const asha = { userId: 'u1', email: 'asha@uni.edu', fullName: 'Asha Rao' };
const ravi = { userId: 'u2', email: 'ravi@uni.edu', fullName: 'Ravi Kumar' };
const attachment = { key: 'attachments/c1/brochure.pdf', filename: 'brochure.pdf', contentType: 'application/pdf', size: 52_000 };

const queueCommand: QueueCampaign = {
  type: 'QueueCampaign',
  campaignId,
  campaign: { subject: ' Campus drive ', content: '<p>Hi</p>', recipients: [asha, ravi], attachments: [attachment] },
};
const queued = (overrides: Partial<CampaignQueued['data']> = {}): CampaignQueued => ({
  type: 'CampaignQueued',
  data: {
    campaignId,
    subject: 'Campus drive',
    content: '<p>Hi</p>',
    recipients: [asha, ravi],
    attachments: [attachment],
    trackOpens: true,
    scheduledFor: null,
    requestedBy: 'staff-7',
    ...overrides,
  },
});
const sent = (email: string): CampaignEvent => ({ type: 'CampaignRecipientSent', data: { campaignId, email, messageId: `<${email}>` } });
const failed = (email: string, attempt: number, final: boolean): CampaignEvent => ({
  type: 'CampaignRecipientFailed',
  data: { campaignId, email, reason: '550 mailbox unavailable', attempt, final },
});
const opened = (email: string): CampaignEvent => ({ type: 'CampaignEmailOpened', data: { campaignId, email } });

describe('QueueCampaign', () => {
  it('queues a campaign for immediate sending, tracking opens by default', () => {
    expect(given(campaignDecider, []).when(queueCommand, staff)).toEqual([queued()]);
  });

  it('queues a campaign scheduled in the future', () => {
    const command = { ...queueCommand, campaign: { ...queueCommand.campaign, scheduledFor: '2025-03-11T08:00:00Z', trackOpens: false } };
    expect(given(campaignDecider, []).when(command, staff)).toEqual([queued({ scheduledFor: '2025-03-11T08:00:00.000Z', trackOpens: false })]);
  });

  it('refuses a schedule that is not in the future', () => {
    const command = { ...queueCommand, campaign: { ...queueCommand.campaign, scheduledFor: '2025-03-10T09:00:00Z' } };
    expect(rejectionOf(() => given(campaignDecider, []).when(command, staff))).toEqual({
      kind: 'invalid',
      message: 'Please choose a date and time in the future',
      errors: [{ field: 'scheduledFor', message: 'Please choose a date and time in the future' }],
    });
  });

  it('refuses a campaign without recipients, subject or content', () => {
    const command = { ...queueCommand, campaign: { subject: '', content: '', recipients: [] } };
    expect(rejectionOf(() => given(campaignDecider, []).when(command, staff))).toEqual({
      kind: 'invalid',
      message: 'Please enter a subject',
      errors: [
        { field: 'subject', message: 'Please enter a subject' },
        { field: 'content', message: 'Please enter email content' },
        { field: 'recipients', message: 'Please select at least one recipient' },
      ],
    });
  });

  it('refuses an id already used', () => {
    expect(rejectionOf(() => given(campaignDecider, [queued()]).when(queueCommand, staff))).toMatchObject({ kind: 'conflict', message: EMAIL_MESSAGES.campaignExists });
  });
});

describe('RecordRecipientSent', () => {
  it('records a sent mail under the queued spelling of the address', () => {
    expect(given(campaignDecider, [queued()]).when({ type: 'RecordRecipientSent', campaignId, email: 'ASHA@uni.edu', messageId: '<asha@uni.edu>' }, system)).toEqual([
      sent('asha@uni.edu'),
    ]);
  });

  it('completes the campaign when the last recipient is settled', () => {
    expect(given(campaignDecider, [queued(), failed('asha@uni.edu', 3, true)]).when({ type: 'RecordRecipientSent', campaignId, email: 'ravi@uni.edu', messageId: '<ravi@uni.edu>' }, system)).toEqual([
      sent('ravi@uni.edu'),
      { type: 'CampaignCompleted', data: { campaignId, sent: 1, failed: 1 } },
    ]);
  });

  it('is idempotent: a second report for the same recipient changes nothing', () => {
    expect(given(campaignDecider, [queued(), sent('asha@uni.edu')]).when({ type: 'RecordRecipientSent', campaignId, email: 'asha@uni.edu', messageId: '<other>' }, system)).toEqual([]);
  });

  it('records a success after earlier, non-final failures', () => {
    expect(given(campaignDecider, [queued(), failed('asha@uni.edu', 1, false)]).when({ type: 'RecordRecipientSent', campaignId, email: 'asha@uni.edu', messageId: 'm' }, system)).toHaveLength(1);
  });

  it('refuses an address that is not a recipient', () => {
    expect(rejectionOf(() => given(campaignDecider, [queued()]).when({ type: 'RecordRecipientSent', campaignId, email: 'x@uni.edu', messageId: 'm' }, system))).toMatchObject({
      kind: 'not_found',
      message: 'This address is not a recipient of the campaign.',
    });
  });

  it('refuses an unknown campaign', () => {
    expect(rejectionOf(() => given(campaignDecider, []).when({ type: 'RecordRecipientSent', campaignId, email: 'asha@uni.edu', messageId: 'm' }, system))).toMatchObject({
      kind: 'not_found',
      message: 'Campaign not found',
    });
  });

  it('refuses a report without a message id', () => {
    expect(rejectionOf(() => given(campaignDecider, [queued()]).when({ type: 'RecordRecipientSent', campaignId, email: 'asha@uni.edu', messageId: '' }, system))).toMatchObject({ kind: 'invalid' });
  });
});

describe('RecordRecipientFailed', () => {
  const report = { type: 'RecordRecipientFailed', campaignId, email: 'asha@uni.edu', reason: '550 mailbox unavailable' } as const;

  it('records a failed attempt that will be retried', () => {
    expect(given(campaignDecider, [queued()]).when({ ...report, attempt: 1, final: false }, system)).toEqual([failed('asha@uni.edu', 1, false)]);
  });

  it('ignores a redelivered report of an attempt already recorded', () => {
    expect(given(campaignDecider, [queued(), failed('asha@uni.edu', 2, false)]).when({ ...report, attempt: 2, final: false }, system)).toEqual([]);
  });

  it('completes the campaign on the last final failure', () => {
    expect(given(campaignDecider, [queued(), sent('ravi@uni.edu')]).when({ ...report, attempt: 3, final: true }, system)).toEqual([
      failed('asha@uni.edu', 3, true),
      { type: 'CampaignCompleted', data: { campaignId, sent: 1, failed: 1 } },
    ]);
  });

  it('does not complete while another recipient is pending', () => {
    expect(given(campaignDecider, [queued()]).when({ ...report, attempt: 1, final: true }, system)).toEqual([failed('asha@uni.edu', 1, true)]);
  });

  it.each([
    ['sent', sent('asha@uni.edu')],
    ['finally failed', failed('asha@uni.edu', 1, true)],
  ])('ignores failures of a recipient already %s', (_name, settled) => {
    expect(given(campaignDecider, [queued(), settled]).when({ ...report, attempt: 5, final: true }, system)).toEqual([]);
  });

  it('refuses an address that is not a recipient and an unknown campaign', () => {
    expect(rejectionOf(() => given(campaignDecider, [queued()]).when({ ...report, email: 'x@uni.edu', attempt: 1, final: false }, system))).toMatchObject({ kind: 'not_found' });
    expect(rejectionOf(() => given(campaignDecider, []).when({ ...report, attempt: 1, final: false }, system))).toMatchObject({ kind: 'not_found' });
  });

  it('refuses an attempt number below 1', () => {
    expect(rejectionOf(() => given(campaignDecider, [queued()]).when({ ...report, attempt: 0, final: false }, system))).toMatchObject({ kind: 'invalid' });
  });
});

describe('RecordEmailOpened', () => {
  const open = { type: 'RecordEmailOpened', campaignId, email: 'asha@uni.edu' } as const;

  it('records the first open', () => {
    expect(given(campaignDecider, [queued(), sent('asha@uni.edu')]).when(open, system)).toEqual([opened('asha@uni.edu')]);
  });

  it('ignores later opens', () => {
    expect(given(campaignDecider, [queued(), sent('asha@uni.edu'), opened('asha@uni.edu')]).when(open, system)).toEqual([]);
  });

  it('ignores opens of a campaign that does not track them', () => {
    expect(given(campaignDecider, [queued({ trackOpens: false })]).when(open, system)).toEqual([]);
  });

  it('refuses an address that is not a recipient and an unknown campaign', () => {
    expect(rejectionOf(() => given(campaignDecider, [queued()]).when({ ...open, email: 'x@uni.edu' }, system))).toMatchObject({ kind: 'not_found' });
    expect(rejectionOf(() => given(campaignDecider, []).when(open, system))).toMatchObject({ kind: 'not_found', message: 'Campaign not found' });
  });
});

describe('a large campaign', () => {
  const many = Array.from({ length: 5000 }, (_, index) => ({ userId: `u${index}`, email: `student${index}@uni.edu`, fullName: `Student ${index}` }));
  const history: CampaignEvent[] = [queued({ recipients: many }), ...many.slice(0, 4999).map(({ email }) => sent(email))];

  it('folds 5,000 recipients and their reports, and completes on the last one', () => {
    // The plain-object state took 12 s here (it shows as this test running out of time); the bucketed one about 0.1 s.
    const events = given(campaignDecider, history).when({ type: 'RecordRecipientSent', campaignId, email: 'STUDENT4999@uni.edu', messageId: '<student4999@uni.edu>' }, system);
    expect(events).toEqual([sent('student4999@uni.edu'), { type: 'CampaignCompleted', data: { campaignId, sent: 5000, failed: 0 } }]);
  }, 5_000);

  it('answers each recipient and the whole list from the folded state', () => {
    const state = fold(campaignDecider, history.slice(0, 3));
    expect(campaignRecipient(state, 'Student1@uni.edu')).toEqual({ email: 'student1@uni.edu', outcome: 'sent', failedAttempts: 0, opened: false });
    expect(campaignRecipient(state, 'student2@uni.edu')?.outcome).toBe('pending');
    expect(campaignRecipient(state, 'nobody@uni.edu')).toBeUndefined();
    expect(campaignRecipients(state)).toHaveLength(5000);
    expect(campaignRecipients(fold(campaignDecider, []))).toEqual([]);
  });
});
