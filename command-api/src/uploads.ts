import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { type Decider, type DomainEvent } from '@placement/domain';
import { badRequest, filesByField, fileTooLarge, MIME_TYPES, officeZipProblem, sniffType, type ObjectStore, type RecordedEvent, type SniffedType, type UploadedFile } from '@placement/platform';
import type { CommandApiDeps } from './deps';
import { contextOf, stateOf, type StreamCommand } from './execute';

export type KnownType = Exclude<SniffedType, 'unknown'>;

/** What an uploaded file must be: its types (judged from its bytes) and its largest size. */
export interface FileRule {
  types: readonly SniffedType[];
  maxBytes: number;
  /** The validation message when the bytes are not one of `types`. */
  typeMessage: string;
}

/** A checked file and the private key it will be stored under once the command is known to be acceptable. */
export interface PendingUpload {
  key: string;
  body: Buffer;
  contentType: string;
}

/** The files the multipart parser put on the request, by field name. */
export const filesOf = (req: Request): Map<string, UploadedFile[]> => filesByField((req as { files?: unknown }).files);

const EXTENSIONS: Record<KnownType, string> = { pdf: 'pdf', doc: 'doc', docx: 'docx', png: 'png', jpeg: 'jpg', gif: 'gif', webp: 'webp' };

/**
 * The validation message for a file that breaks its rule's type, or null; a file over its size answers
 * 413 at once. A DOCX is opened as the ATS engine opens it (platform's zip guard): a zip bomb, an
 * encrypted or a broken one is refused before storage keeps it.
 */
export async function fileProblem(file: UploadedFile, rule: FileRule): Promise<string | null> {
  if (file.size > rule.maxBytes) throw fileTooLarge(file.fieldname, rule.maxBytes);
  const type = sniffType(file.buffer);
  if (type === 'unknown' || !rule.types.includes(type)) return rule.typeMessage;
  return type === 'docx' ? officeZipProblem(file.buffer) : null;
}

/** An uploaded file, the rule it must obey and the folder of its private key. */
export interface FileToStore {
  file: UploadedFile;
  rule: FileRule;
  folder: string;
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether `key` is exactly a key keyedUpload gives a file of one of `types` under `folder`: the folder,
 * one random id and the extension, nothing else (no `..`, no deeper path, no other folder).
 */
export function isUploadKeyIn(key: string, folder: string, types: readonly SniffedType[]): boolean {
  const extensions = [...new Set(types.flatMap((type) => (type === 'unknown' ? [] : [EXTENSIONS[type]])))];
  return new RegExp(`^${escaped(folder)}/${UUID}\\.(${extensions.join('|')})$`).test(key);
}

/** A file already checked against its rule, with a fresh private key under its folder. */
export function keyedUpload(file: UploadedFile, folder: string): PendingUpload {
  const type = sniffType(file.buffer) as KnownType;
  return { key: `${folder}/${randomUUID()}.${EXTENSIONS[type]}`, body: file.buffer, contentType: MIME_TYPES[type] };
}

/** Files that obey their rules (else 400 naming every bad field, or 413), each with a fresh private key under its folder. */
export async function pendingUploads(files: readonly FileToStore[]): Promise<PendingUpload[]> {
  const messages = await Promise.all(files.map(({ file, rule }) => fileProblem(file, rule)));
  const problems = files.flatMap(({ file }, index) => (messages[index] ? [{ field: file.fieldname, message: messages[index] }] : []));
  if (problems.length > 0) throw badRequest(problems[0]!.message, problems);
  return files.map(({ file, folder }) => keyedUpload(file, folder));
}

/**
 * Decides a command on the stream's current state without appending anything, so that a refusal
 * surfaces before any file is stored. The append that follows decides again on fresh state.
 */
export async function preflight<Command, Event extends DomainEvent, State>(
  deps: CommandApiDeps,
  res: Response,
  request: Pick<StreamCommand<Command, Event, State>, 'streamId' | 'decider' | 'command'>,
  history?: readonly RecordedEvent[],
): Promise<void> {
  const decider: Decider<Command, Event, State> = request.decider;
  const state = await stateOf(decider, history ?? (await deps.store.readStream(request.streamId)));
  decider.decide(request.command, state, contextOf(deps, res));
}

/**
 * Stores the files, then runs `command`. When storing or the command fails, every file of the
 * request is deleted again: a refused or failed request leaves nothing behind in storage.
 */
export async function withUploads<Result>(files: ObjectStore, uploads: readonly PendingUpload[], command: () => Promise<Result>): Promise<Result> {
  try {
    const stored = await Promise.allSettled(uploads.map((upload) => files.put(upload.key, upload.body, upload.contentType)));
    const failure = stored.find((outcome) => outcome.status === 'rejected');
    if (failure) throw failure.reason;
    return await command();
  } catch (error) {
    // Deleting a key that was never written is a no-op, so every key of the request can be removed.
    await Promise.allSettled(uploads.map((upload) => files.delete(upload.key)));
    throw error;
  }
}

/**
 * Starts storing the files at once and runs `command` beside the puts: `command` gets the promise that
 * they are stored and must not append before it settles (`Prepared.filesStored` makes the append wait).
 * When storing or the command fails, every file of the request is deleted again, once every put has
 * settled (a put still in flight would otherwise store its file after the delete): a refused or failed
 * request leaves nothing behind in storage, as with `withUploads`.
 */
export async function besideUploads<Result>(files: ObjectStore, uploads: readonly PendingUpload[], command: (stored: Promise<void>) => Promise<Result>): Promise<Result> {
  const puts = Promise.allSettled(uploads.map((upload) => files.put(upload.key, upload.body, upload.contentType)));
  const stored = puts.then((outcomes) => {
    const failure = outcomes.find((outcome) => outcome.status === 'rejected');
    if (failure) throw failure.reason;
  });
  // Awaited below on every path; this keeps a failed put that `command` never awaited from being reported as unhandled.
  stored.catch(() => undefined);
  try {
    const result = await command(stored);
    await stored;
    return result;
  } catch (error) {
    await puts;
    await Promise.allSettled(uploads.map((upload) => files.delete(upload.key)));
    throw error;
  }
}
