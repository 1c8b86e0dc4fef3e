import { createHash } from 'node:crypto';

/** Addresses compare case-insensitively everywhere in the portal. */
export const normalizedAddress = (email: string): string => email.trim().toLowerCase();

/** A short, stable stand-in for an address, so ids and headers do not spell it out. */
export const recipientHash = (email: string): string => createHash('sha256').update(normalizedAddress(email)).digest('hex').slice(0, 20);

/** One mail: the event that caused it and the recipient. The same pair is the same mail, whatever happens. */
export const deliveryKey = (eventId: string, email: string): string => `${eventId}.${recipientHash(email)}`;

export const MESSAGE_ID_DOMAIN = 'placement.portal';

/**
 * Deterministic Message-ID: a mail sent again after a crash between the SMTP server's acceptance and
 * our record of it carries the same id, so the copy is recognisable (and mail systems that
 * de-duplicate by Message-ID show it once).
 */
export const messageIdFor = (eventId: string, email: string): string => `<${deliveryKey(eventId, email)}@${MESSAGE_ID_DOMAIN}>`;
