import type { RequestHandler } from 'express';
import multer, { MulterError } from 'multer';
import { HttpError } from '../http/errors';

export interface MultipartLimits {
  /** Largest single file, in bytes. */
  maxFileBytes: number;
  maxFiles: number;
}

/**
 * Parses multipart bodies into memory (nothing touches disk or storage before validation passes,
 * so a rejected request leaves nothing behind). Oversized files answer 413, too many files 400.
 */
export function multipart(limits: MultipartLimits): RequestHandler {
  const parse = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: limits.maxFileBytes, files: limits.maxFiles, fields: 200, fieldSize: 2 * 1024 * 1024 },
  }).any();
  return (req, res, next) => {
    parse(req, res, (error: unknown) => {
      if (!error) return next();
      if (error instanceof MulterError) {
        if (error.code === 'LIMIT_FILE_SIZE') {
          return next(new HttpError(413, `File ${error.field ?? ''} is larger than ${Math.round(limits.maxFileBytes / 1024 / 1024)} MB`.replace('  ', ' ')));
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
