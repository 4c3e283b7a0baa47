import { createReadStream, existsSync } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. Keys are ours (`<uuid>.<ext>`, optionally under a folder), never a client's file name.
 * The disk store is the default; another store (S3, …) implements the same four methods.
 */
export interface FileStore {
  put(key: string, data: Buffer): Promise<void>;
  /** A readable stream and its size, or null when the key does not exist. */
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
  remove(key: string): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*\.[a-z0-9]{2,5}$/;
export const isSafeKey = (key: string) => SAFE_KEY.test(key);

export class DiskFileStore implements FileStore {
  private root: string;
  constructor(root: string) {
    this.root = resolve(root);
  }

  private path(key: string): string {
    if (!isSafeKey(key)) throw new Error(`unsafe storage key ${key}`);
    const p = resolve(join(this.root, key));
    if (!p.startsWith(this.root + sep)) throw new Error(`unsafe storage key ${key}`);
    return p;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const p = this.path(key);
    await mkdir(dirname(p), { recursive: true });
    await writeFile(p, data, { flag: 'wx' });
  }

  async open(key: string) {
    if (!isSafeKey(key)) return null;
    const p = this.path(key);
    if (!existsSync(p)) return null;
    const { size } = await stat(p);
    return { stream: createReadStream(p), size };
  }

  async remove(key: string): Promise<void> {
    if (!isSafeKey(key)) return;
    await rm(this.path(key), { force: true });
  }
}

/** Public images (served under /uploads) and private files (digital resources, served only through signed links). */
export interface Stores {
  images: FileStore;
  files: FileStore;
}

const cache = new Map<string, Stores>();
export function storesFor(dataDir: string): Stores {
  let s = cache.get(dataDir);
  if (!s) {
    s = { images: new DiskFileStore(join(dataDir, 'uploads')), files: new DiskFileStore(join(dataDir, 'private-files')) };
    cache.set(dataDir, s);
  }
  return s;
}
