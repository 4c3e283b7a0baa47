import { join } from 'node:path';
import type { Env } from '../config/env.js';
import { DiskFileStore, type FileStore } from './file-store.js';
import { S3FileStore, s3Client } from './s3-file-store.js';

/** Public images (served under /uploads) and private files (digital resources, served only through signed links). */
export interface Stores {
  images: FileStore;
  files: FileStore;
  /** Releases the S3 client's connections (nothing to do on disk). */
  close(): void;
}

/** The folders under DATA_DIR, and the prefixes in the bucket, of the two kinds of file. */
export const STORE_FOLDERS = { images: 'uploads', files: 'private-files' } as const;

export function diskStores(dataDir: string): Stores {
  return {
    images: new DiskFileStore(join(dataDir, STORE_FOLDERS.images)),
    files: new DiskFileStore(join(dataDir, STORE_FOLDERS.files)),
    close() {},
  };
}

/** The stores STORAGE chooses. One S3 client serves both (it holds the connection pool). */
export function createStores(env: Env): Stores {
  if (env.storage.kind === 'disk') return diskStores(env.dataDir);
  const client = s3Client(env.storage);
  const bucket = env.storage.bucket;
  return {
    images: new S3FileStore(client, bucket, STORE_FOLDERS.images),
    files: new S3FileStore(client, bucket, STORE_FOLDERS.files),
    close: () => client.destroy(),
  };
}
