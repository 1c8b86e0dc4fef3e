import { EMAIL_MESSAGES, hasVisibleContent, queueCampaignSchema, scheduledTimeProblem, sendEmailRequestSchema, templateFormSchema } from './schemas';

const messagesOf = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues.map((issue) => issue.message) ?? [];

describe('hasVisibleContent', () => {
  it.each(['', '   ', '<p><br></p>', '<p>&nbsp;</p>', '<h1> </h1><p></p>'])('treats %j as empty', (html) => {
    expect(hasVisibleContent(html)).toBe(false);
  });

  it.each(['Hello', '<p>Hello</p>', '<p><img src="https://cdn.example/banner.png"></p>'])('treats %j as content', (html) => {
    expect(hasVisibleContent(html)).toBe(true);
  });
});

describe('templateFormSchema', () => {
  it('accepts a template', () => {
    expect(templateFormSchema.parse({ name: ' Drive ', subject: 'Campus drive', content: '<p>Hi</p>' })).toEqual({ name: 'Drive', subject: 'Campus drive', content: '<p>Hi</p>' });
  });

  it('asks for a name, a subject and content', () => {
    expect(messagesOf(templateFormSchema.safeParse({ name: ' ', subject: '  ', content: '<p><br></p>' }))).toEqual([
      'Please enter a template name',
      'Please enter a subject',
      'Please enter email content',
    ]);
  });
});

describe('sendEmailRequestSchema', () => {
  const request = { recipients: ['u1', 'u2'], subject: 'Drive', content: '<p>Hi</p>' };

  it('reads the multipart form: recipients as JSON text, trackOpens as text, blank schedule as none', () => {
    expect(sendEmailRequestSchema.parse({ ...request, recipients: '["u1"]', trackOpens: 'false', scheduledDateTime: '' })).toEqual({
      recipients: ['u1'],
      subject: 'Drive',
      content: '<p>Hi</p>',
      trackOpens: false,
      scheduledDateTime: null,
    });
  });

  it('tracks opens by default and normalises a schedule to UTC', () => {
    expect(sendEmailRequestSchema.parse({ ...request, scheduledDateTime: '2025-03-11T10:00:00+05:30' })).toMatchObject({
      trackOpens: true,
      scheduledDateTime: '2025-03-11T04:30:00.000Z',
    });
  });

  it.each([
    ['recipients', [], 'Please select at least one recipient'],
    ['recipients', '[]', 'Please select at least one recipient'],
    ['recipients', undefined, 'Please select at least one recipient'],
    ['subject', '   ', 'Please enter a subject'],
    ['content', '<p><br></p>', 'Please enter email content'],
    ['content', undefined, 'Please enter email content'],
    ['scheduledDateTime', 'next monday', 'Please enter a valid date and time'],
  ])('for %s = %j says %s', (field, value, message) => {
    expect(messagesOf(sendEmailRequestSchema.safeParse({ ...request, [field]: value }))).toEqual([message]);
  });
});

describe('queueCampaignSchema', () => {
  const asha = { userId: 'u1', email: 'asha@uni.edu', fullName: 'Asha Rao' };

  it('sends once per address', () => {
    const parsed = queueCampaignSchema.parse({ subject: 'Drive', content: 'Hi', recipients: [asha, { ...asha, userId: 'u9', email: 'ASHA@uni.edu' }] });
    expect(parsed).toEqual({ subject: 'Drive', content: 'Hi', recipients: [asha], attachments: [], trackOpens: true, scheduledFor: null });
  });

  it('asks for a recipient and refuses a malformed address', () => {
    expect(messagesOf(queueCampaignSchema.safeParse({ subject: 'Drive', content: 'Hi', recipients: [] }))).toEqual(['Please select at least one recipient']);
    expect(messagesOf(queueCampaignSchema.safeParse({ subject: 'Drive', content: 'Hi', recipients: [{ ...asha, email: 'asha' }] }))).toEqual([
      'Please enter a valid email address',
    ]);
  });
});

describe('scheduledTimeProblem', () => {
  const now = new Date('2025-03-10T09:00:00.000Z');

  it('accepts no schedule and a future one', () => {
    expect(scheduledTimeProblem(null, now)).toBeNull();
    expect(scheduledTimeProblem('2025-03-10T09:00:01.000Z', now)).toBeNull();
  });

  it('refuses now, the past and nonsense', () => {
    expect(scheduledTimeProblem('2025-03-10T09:00:00.000Z', now)).toBe(EMAIL_MESSAGES.scheduledForPast);
    expect(scheduledTimeProblem('2025-03-01T09:00:00.000Z', now)).toBe('Please choose a date and time in the future');
    expect(scheduledTimeProblem('soon', now)).toBe('Please enter a valid date and time');
  });
});
