import { createHash } from 'node:crypto';
import type { RequestHandler, Response } from 'express';

/**
 * The security headers of every service reply, for requests that reach a service directly (the
 * gateway replaces all but the Content-Security-Policy with the same values, and keeps a service's
 * policy). A reply is JSON or a file, never a page that loads anything: nothing may load, nothing
 * may frame it, no browser may guess its type, no referrer leaves with a link.
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * A stored file opened in the browser (a PDF resume, an image): a policy without default-src, as
 * browsers' PDF viewers draw their own page inside the document and break under `default-src 'none'`.
 * The files are of sniffed, allow-listed types served with nosniff; framing stays forbidden.
 */
export const DOWNLOAD_CONTENT_SECURITY_POLICY = "frame-ancestors 'none'";

export const securityHeaders: RequestHandler = (_req, res, next) => {
  res.setHeader('Content-Security-Policy', API_CONTENT_SECURITY_POLICY);
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  next();
};

const sha256 = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * A small HTML page of a service (the API browser): its one inline script and style are allowed by
 * their hashes, and it may fetch from its own origin only.
 */
export function setPagePolicy(res: Response, page: { script: string; style: string }): void {
  res.setHeader(
    'Content-Security-Policy',
    `default-src 'none'; script-src ${sha256(page.script)}; style-src ${sha256(page.style)}; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`,
  );
}
