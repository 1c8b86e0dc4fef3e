/**
 * Reads back what the SMTP server received, through MailDev's REST API. Used by tests and
 * benchmarks to prove that a mail really arrived; the product never reads a mailbox.
 */
export interface MailAddress {
  address: string;
  name?: string;
}

export interface ReceivedMail {
  id: string;
  time: string;
  subject: string;
  from: MailAddress[];
  to: MailAddress[];
  html?: string;
  text?: string;
  headers: Record<string, string | string[]>;
  attachments: { filename: string; generatedFileName: string; contentType: string; size?: number }[];
}

export class Mailbox {
  constructor(private readonly baseUrl: string) {}

  private async request(path: string, init?: RequestInit): Promise<Response> {
    const response = await fetch(new URL(`/api${path}`, this.baseUrl), init);
    if (!response.ok) throw new Error(`mailbox ${init?.method ?? 'GET'} ${path} answered ${response.status}`);
    return response;
  }

  async all(): Promise<ReceivedMail[]> {
    return (await (await this.request('/email')).json()) as ReceivedMail[];
  }

  /** The mails with exactly this subject, filtered by the server (cheap on a full mailbox). */
  async withSubject(subject: string): Promise<ReceivedMail[]> {
    return (await (await this.request(`/email?${new URLSearchParams({ subject })}`)).json()) as ReceivedMail[];
  }

  /**
   * The mails with exactly this subject to this address, both filtered by the server: on an inbox
   * holding a bulk send to thousands, the answer stays a handful of mails. Addresses are compared as
   * the portal writes them (lower case).
   */
  async withSubjectTo(subject: string, address: string): Promise<ReceivedMail[]> {
    return (await (await this.request(`/email?${new URLSearchParams({ subject, 'to.address': address.toLowerCase() })}`)).json()) as ReceivedMail[];
  }

  /** Waits until at least `count` mails with this subject arrived; answers them in arrival order. */
  async waitForSubject(subject: string, count = 1, { timeoutMs = 15_000, intervalMs = 200 }: { timeoutMs?: number; intervalMs?: number } = {}): Promise<ReceivedMail[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mails = await this.withSubject(subject);
      if (mails.length >= count) return mails;
      if (Date.now() > deadline) throw new Error(`mailbox: ${mails.length} of ${count} mails with subject "${subject}" within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }

  async to(address: string): Promise<ReceivedMail[]> {
    const wanted = address.toLowerCase();
    return (await this.all()).filter((mail) => mail.to.some((to) => to.address.toLowerCase() === wanted));
  }

  async clear(): Promise<void> {
    await this.request('/email/all', { method: 'DELETE' });
  }

  async attachment(mail: ReceivedMail, filename: string): Promise<Buffer> {
    const file = mail.attachments.find((a) => a.filename === filename);
    if (!file) throw new Error(`mail ${mail.id} has no attachment ${filename}`);
    const response = await this.request(`/email/${mail.id}/attachment/${encodeURIComponent(file.generatedFileName)}`);
    return Buffer.from(await response.arrayBuffer());
  }

  /** Polls until `predicate` holds for the mails received so far, or fails after `timeoutMs`. */
  async waitFor(
    predicate: (mails: ReceivedMail[]) => boolean,
    { timeoutMs = 15_000, intervalMs = 200 }: { timeoutMs?: number; intervalMs?: number } = {},
  ): Promise<ReceivedMail[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mails = await this.all();
      if (predicate(mails)) return mails;
      if (Date.now() > deadline) throw new Error(`mailbox: condition not met within ${timeoutMs} ms (${mails.length} mails)`);
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }

  /** Waits until `address` has received at least `count` mails; answers them in arrival order. */
  async waitForMailTo(address: string, count = 1, options?: { timeoutMs?: number }): Promise<ReceivedMail[]> {
    const wanted = address.toLowerCase();
    const mails = await this.waitFor(
      (all) => all.filter((mail) => mail.to.some((to) => to.address.toLowerCase() === wanted)).length >= count,
      options,
    );
    return mails.filter((mail) => mail.to.some((to) => to.address.toLowerCase() === wanted));
  }
}
