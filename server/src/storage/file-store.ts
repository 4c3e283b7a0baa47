import { createReadStream } from 'node:fs';
import { access, mkdir, readdir, rm, stat, writeFile, constants } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. Keys are ours (`<uuid>.<ext>`, optionally under a folder), never a client's file name.
 * Local disk (DATA_DIR) is the default; STORAGE=s3 keeps them in an S3-API bucket so every instance sees them.
 * Either way files are served by this server (pictures under /uploads, private files after the entitlement
 * check), so no store is ever public.
 */
export interface FileStore {
  /** Human-readable place, for logs and the storage migration's report. */
  readonly where: string;
  put(key: string, data: Buffer): Promise<void>;
  /** A readable stream and its size, or null when the key does not exist. */
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
  /** The stored size, or null when the key does not exist. */
  size(key: string): Promise<number | null>;
  remove(key: string): Promise<void>;
  /** Every key stored, in no particular order (backups). */
  keys(): AsyncIterable<string>;
  /** Rejects when the store cannot be reached or used (readiness). */
  check(): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*\.[a-z0-9]{2,5}$/;
export const isSafeKey = (key: string) => SAFE_KEY.test(key);

/** Every file under a folder, at any depth (none when the folder does not exist). */
export async function* filesUnder(root: string): AsyncGenerator<string> {
  const entries = await readdir(root, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  for (const entry of entries) {
    const path = join(root, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

export class DiskFileStore implements FileStore {
  readonly root: string;
  constructor(root: string) {
    this.root = resolve(root);
  }

  get where() {
    return this.root;
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

  async size(key: string): Promise<number | null> {
    if (!isSafeKey(key)) return null;
    const st = await stat(this.path(key)).catch(() => null);
    return st?.isFile() ? st.size : null;
  }

  async open(key: string) {
    const size = await this.size(key);
    if (size === null) return null;
    return { stream: createReadStream(this.path(key)), size };
  }

  async remove(key: string): Promise<void> {
    if (!isSafeKey(key)) return;
    await rm(this.path(key), { force: true });
  }

  /** Files whose names are not keys (nothing the app wrote) are left out. */
  async *keys(): AsyncGenerator<string> {
    for await (const path of filesUnder(this.root)) {
      const key = relative(this.root, path).split(sep).join('/');
      if (isSafeKey(key)) yield key;
    }
  }

  async check(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.R_OK | constants.W_OK);
  }
}
