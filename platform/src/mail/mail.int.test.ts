import { randomUUID } from 'node:crypto';
import { loadEnv } from '../config';
import { Mailbox } from './mailbox';
import { createMailTransport, pingSmtp } from './transport';

describe('SMTP transport and mailbox read-back against the real mail server', () => {
  const env = loadEnv();
  const transport = createMailTransport(env);
  const mailbox = new Mailbox(env.MAILBOX_API_URL);

  afterAll(() => transport.close());

  it('greets over SMTP', async () => {
    await expect(pingSmtp(transport)).resolves.toBeUndefined();
  });

  it('sends an HTML mail with a text part and an attachment, and reads it back', async () => {
    const recipient = `student-${randomUUID()}@university.edu`;
    const messageId = `<${randomUUID()}@placement.portal>`;
    await transport.sendMail({
      from: env.MAIL_FROM,
      to: recipient,
      subject: 'Your application was received',
      messageId,
      html: '<p>Thank you for applying.</p>',
      text: 'Thank you for applying.',
      attachments: [{ filename: 'note.txt', content: 'attached words' }],
    });
    const [mail] = await mailbox.waitForMailTo(recipient);
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe('Your application was received');
    expect(mail!.html).toContain('Thank you for applying.');
    expect(mail!.text?.trim()).toBe('Thank you for applying.');
    expect(mail!.headers['message-id']).toBe(messageId);
    expect((await mailbox.attachment(mail!, 'note.txt')).toString()).toBe('attached words');
  });
});
