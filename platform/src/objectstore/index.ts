import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NotFound,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import type { Env } from '../config';

export interface OpenedObject {
  stream: Readable;
  contentType: string;
  size: number;
}

export interface StoredObject {
  body: Buffer;
  contentType: string;
  size: number;
}

type S3Env = Pick<Env, 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_BUCKET'>;

const isMissing = (error: unknown) =>
  error instanceof NoSuchKey || error instanceof NotFound || (error as { name?: string })?.name === 'NotFound';

/** Private file storage (resumes, photos, certificates, attachments) in one S3 bucket. */
export class ObjectStore {
  readonly bucket: string;
  private readonly s3: S3Client;

  constructor(env: S3Env) {
    this.bucket = env.S3_BUCKET;
    this.s3 = new S3Client({
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION,
      forcePathStyle: true,
      credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY },
      // Without these the SDK waits for a connection and for a silent socket for ever: a request fails
      // as unavailable (503) instead of hanging while the storage server is down.
      requestHandler: { connectionTimeout: 3_000, requestTimeout: 10_000 },
    });
  }

  async ensureBucket(): Promise<void> {
    try {
      await this.s3.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      if (!isMissing(error)) throw error;
      await this.s3.send(new CreateBucketCommand({ Bucket: this.bucket }));
    }
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.s3.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType }));
  }

  /** The object, or undefined when there is none under that key. */
  async get(key: string): Promise<StoredObject | undefined> {
    try {
      const result = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      const body = Buffer.from(await result.Body!.transformToByteArray());
      return { body, contentType: result.ContentType ?? 'application/octet-stream', size: body.length };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  /** The object as a stream (for downloads: nothing is buffered), or undefined when there is none under that key. */
  async open(key: string): Promise<OpenedObject | undefined> {
    try {
      const result = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!(result.Body instanceof Readable)) throw new Error(`object ${key} did not arrive as a Node stream`);
      return { stream: result.Body, contentType: result.ContentType ?? 'application/octet-stream', size: result.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  /** The object's type and size without its bytes, or undefined when there is none under that key. */
  async describe(key: string): Promise<{ contentType: string; size: number } | undefined> {
    try {
      const head = await this.s3.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { contentType: head.ContentType ?? 'application/octet-stream', size: head.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.s3.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  /** Every key that starts with `prefix` (tests use it to prove that a refused upload left nothing behind). */
  async keysUnder(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let continuationToken: string | undefined;
    do {
      const page = await this.s3.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: continuationToken }));
      keys.push(...(page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : [])));
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
    return keys;
  }

  async delete(key: string): Promise<void> {
    await this.s3.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** Readiness: the bucket answers. */
  async ping(): Promise<void> {
    await this.s3.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  close(): void {
    this.s3.destroy();
  }
}
