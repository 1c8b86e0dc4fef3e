import type { RequestHandler } from 'express';
import multer, { MulterError } from 'multer';
import { HttpError } from '../http/errors';

export interface MultipartLimits {
  /** Largest single file, in bytes. */
  maxFileBytes: number;
  maxFiles: number;
}

const MEBIBYTE = 1024 * 1024;
const sizeText = (bytes: number) => (bytes >= MEBIBYTE ? `${Number((bytes / MEBIBYTE).toFixed(1))} MB` : `${Math.ceil(bytes / 1024)} KB`);

/** 413 for a file over its bound; routes with per-field bounds tighter than the parser's use it too. */
export const fileTooLarge = (field: string | undefined, maxBytes: number): HttpError =>
  new HttpError(413, `File ${field ? `${field} ` : ''}is larger than ${sizeText(maxBytes)}`);

/**
 * Parses multipart bodies into memory (nothing touches disk or storage before validation passes,
 * so a rejected request leaves nothing behind). Oversized files answer 413, too many files 400.
 */
export function multipart(limits: MultipartLimits): RequestHandler {
  const parse = multer({
    storage: multer.memoryStorage(),
    // Browsers send file names as raw UTF-8; multer would read them as Latin-1.
    defParamCharset: 'utf8',
    limits: { fileSize: limits.maxFileBytes, files: limits.maxFiles, fields: 200, fieldSize: 2 * 1024 * 1024 },
  }).any();
  return (req, res, next) => {
    parse(req, res, (error: unknown) => {
      if (!error) return next();
      if (error instanceof MulterError) {
        if (error.code === 'LIMIT_FILE_SIZE') {
          return next(fileTooLarge(error.field, limits.maxFileBytes));
        }
        return next(new HttpError(400, `Invalid upload: ${error.message}`));
      }
      next(new HttpError(400, 'Malformed multipart body'));
    });
  };
}

export type UploadedFile = Express.Multer.File;

/** Files by field name; `certificationImage-0` and friends stay separate fields. */
export function filesByField(files: unknown): Map<string, UploadedFile[]> {
  const byField = new Map<string, UploadedFile[]>();
  for (const file of Array.isArray(files) ? (files as UploadedFile[]) : []) {
    byField.set(file.fieldname, [...(byField.get(file.fieldname) ?? []), file]);
  }
  return byField;
}
