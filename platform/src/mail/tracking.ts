import { createHmac, timingSafeEqual } from 'node:crypto';

/** The open-tracking pixel's route; the notifier's URLs and the command-api's route both come from it. */
export const OPEN_TRACKING_ROUTE = '/api/email/track/:campaignId/:token.gif';

/**
 * Names one recipient of one campaign in the pixel URL without showing the address: only the holder
 * of the secret can make or check it. Addresses compare case-insensitively, as the campaign does.
 */
export function openTrackingToken(secret: string, campaignId: string, email: string): string {
  return createHmac('sha256', secret).update(`${campaignId}:${email.trim().toLowerCase()}`).digest('base64url');
}

/** Constant-time comparison, so response timing tells nothing about how much of a guess was right. */
export function isOpenTrackingToken(secret: string, campaignId: string, email: string, token: string): boolean {
  const expected = Buffer.from(openTrackingToken(secret, campaignId, email));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The absolute address of the pixel for one recipient, e.g. under the portal's PUBLIC_URL. */
export function openTrackingPixelUrl(baseUrl: string, secret: string, campaignId: string, email: string): string {
  const path = OPEN_TRACKING_ROUTE.replace(':campaignId', encodeURIComponent(campaignId)).replace(':token', openTrackingToken(secret, campaignId, email));
  return new URL(path, baseUrl).toString();
}
