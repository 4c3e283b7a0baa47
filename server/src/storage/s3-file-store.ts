import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Storage } from '../config/env.js';
import { isSafeKey, type FileStore } from './file-store.js';

export function s3Client(cfg: S3Storage): S3Client {
  return new S3Client({
    region: cfg.region,
    // MinIO and most S3-compatible stores address buckets by path (http://host:9000/bucket/key), not by host name.
    ...(cfg.endpoint ? { endpoint: cfg.endpoint, forcePathStyle: true } : {}),
    // Without keys the SDK's own chain applies (instance or pod role, AWS_* variables, shared profile).
    ...(cfg.accessKeyId && cfg.secretAccessKey
      ? { credentials: { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey } }
      : {}),
    // Checksums only where the API requires them: the SDK's newer default (a CRC32 on every request and
    // response) is refused or mis-handled by several S3-compatible stores.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
}

const isMissing = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);

/** One kind of file under a prefix of the bucket (`uploads/…`, `private-files/…`); the bucket stays private. */
export class S3FileStore implements FileStore {
  constructor(
    private client: S3Client,
    private bucket: string,
    private prefix: string,
  ) {}

  get where() {
    return `s3://${this.bucket}/${this.prefix}/`;
  }

  private objectKey(key: string): string {
    if (!isSafeKey(key)) throw new Error(`unsafe storage key ${key}`);
    return `${this.prefix}/${key}`;
  }

  async put(key: string, data: Buffer): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key), Body: data, ContentLength: data.length }));
  }

  async size(key: string): Promise<number | null> {
    if (!isSafeKey(key)) return null;
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return head.ContentLength ?? 0;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async open(key: string) {
    if (!isSafeKey(key)) return null;
    try {
      const obj = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      if (!(obj.Body instanceof Readable)) throw new Error('S3 answered without a body stream');
      return { stream: obj.Body, size: obj.ContentLength ?? 0 };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    if (!isSafeKey(key)) return;
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  async *keys(): AsyncGenerator<string> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${this.prefix}/`, ContinuationToken: token }),
      );
      for (const obj of page.Contents ?? []) {
        const key = obj.Key!.slice(this.prefix.length + 1);
        if (isSafeKey(key)) yield key;
      }
      token = page.NextContinuationToken;
    } while (token);
  }

  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }
}
