import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import type { Actor } from '@placement/domain';
import { actorOf, DOWNLOAD_CONTENT_SECURITY_POLICY, HttpError, type EventStore, type RouteSpec } from '@placement/platform';
import type { QueryApiDeps } from '../deps';
import { applicantOf } from '../ownership';

export const FILE_MESSAGES = {
  notFound: 'File not found',
  forbidden: 'You do not have permission to open this file',
} as const;

/** Keys the command side writes: segments of letters, digits, dot, dash and underscore; never '.' or '..'. */
const KEY_SEGMENT = /^(?!\.{1,2}$)[A-Za-z0-9._-]+$/;

/** The storage key a request names, or null when it is not a key the portal could have written. */
export function keyOf(req: Request): string | null {
  const raw = (req.params as { key?: string | string[] }).key;
  const segments = Array.isArray(raw) ? raw : (raw ?? '').split('/');
  return segments.length >= 2 && segments.every((segment) => KEY_SEGMENT.test(segment)) ? segments.join('/') : null;
}

/** The folders of storage keys (see command-api's uploads: profile files, application resumes, campaign attachments). */
const PROFILE_FOLDER = 'profiles';
const RESUME_FOLDER = 'resumes';
const CAMPAIGN_FOLDER = 'campaigns';

/**
 * Who may open which key: admins any; staff the campaign attachments they send; a student the files
 * of their own profile and the resumes of their own applications; nobody else anything.
 */
export async function mayOpen(store: EventStore, actor: Actor, key: string): Promise<boolean> {
  const [folder, owner] = key.split('/');
  switch (actor.role) {
    case 'admin':
      return true;
    case 'staff':
      return folder === CAMPAIGN_FOLDER;
    case 'student':
      if (folder === PROFILE_FOLDER) return owner === actor.id;
      if (folder === RESUME_FOLDER && owner) return (await applicantOf(store, owner)) === actor.id;
      return false;
    default:
      return false;
  }
}

/** The name a download is saved under: the key's last segment, without the random prefix of attachments. */
const downloadName = (key: string): string => (key.split('/').at(-1) ?? 'file').replace(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-/, '');

export function fileRoutes(deps: QueryApiDeps): RouteSpec[] {
  async function download(req: Request, res: Response) {
    const key = keyOf(req);
    if (!key) throw new HttpError(404, FILE_MESSAGES.notFound);
    // Permission first, so that nobody learns which keys exist outside what they may open.
    if (!(await mayOpen(deps.store, actorOf(res), key))) throw new HttpError(403, FILE_MESSAGES.forbidden);
    const file = await deps.files.open(key);
    if (!file) throw new HttpError(404, FILE_MESSAGES.notFound);
    res.status(200).set({
      'Content-Type': file.contentType,
      'Content-Length': String(file.size),
      'Content-Disposition': `inline; filename="${downloadName(key)}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': DOWNLOAD_CONTENT_SECURITY_POLICY,
    });
    try {
      await pipeline(file.stream, res);
    } catch (error) {
      // The client went away or storage failed mid-file: the reply is under way, so it can only be cut.
      deps.logger.warn({ err: error, key }, 'file download interrupted');
      res.destroy();
    }
  }

  return [
    {
      method: 'get',
      paths: ['/uploads/*key'],
      action: 'files.read',
      summary: "Open a stored file (resume, photo, certificate, attachment) with its content type; students only their own, staff campaign attachments, admins any",
      tags: ['files'],
      responds: { status: 200, description: 'The file, streamed with its stored content type' },
      handler: download,
    },
  ];
}
