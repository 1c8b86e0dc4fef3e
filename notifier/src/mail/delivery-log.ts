/**
 * Where the SMTP service can be asked whether it accepted a message, by its Message-ID: a provider's
 * message-search API in production, MailDev's REST API on the local stack. The notifier asks only about
 * mails left in doubt by a crash (claimed, never recorded as sent), so a mail the server accepted just
 * before the crash is recognised as a duplicate and not sent again.
 */
export interface DeliveryLog {
  accepted(messageId: string): Promise<boolean>;
}

/** MailDev (and its API-compatible kin): `GET /api/email?headers.message-id=<id>` filters on the server. */
export function mailDevDeliveryLog(baseUrl: string): DeliveryLog {
  return {
    async accepted(messageId) {
      const url = new URL('/api/email', baseUrl);
      url.searchParams.set('headers.message-id', messageId);
      url.searchParams.set('limit', '1');
      const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      if (!response.ok) throw new Error(`delivery log answered ${response.status}`);
      return ((await response.json()) as unknown[]).length > 0;
    },
  };
}
