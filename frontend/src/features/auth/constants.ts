/**
 * The server's 401 text (platform/src/http/auth.ts), which is also the spec's profile-save text (§8).
 */
export const INVALID_TOKEN_MESSAGE = 'Session expired. Please login again.';

/**
 * The domains a sign-up e-mail may use. The server has no endpoint that publishes its list yet, so
 * the client uses the server's default (ALLOWED_EMAIL_DOMAINS in platform/src/config/env.ts:
 * 'university.edu' and 'gmail.com'). When a deployment configures others, the server's validation
 * message is the one the form shows.
 */
export const ALLOWED_EMAIL_DOMAINS: readonly string[] = ['university.edu', 'gmail.com'];
