import { Router } from 'express';
import type { Deps } from '../../deps.js';
import type { FileStore } from '../../storage/file-store.js';
import { EXT_CONTENT_TYPE, thumbnailCopy } from './uploads.js';
import { THUMBNAIL_WIDTH } from '../../shared/images.js';

const THUMBNAIL_KEY = new RegExp(`^(resources/[0-9a-f-]{36})-w${THUMBNAIL_WIDTH}\\.webp$`);

/**
 * A picture stored before card-sized copies were kept has none: it is made from the web copy on its first request
 * and stored (the same key, so it is deleted with its picture).
 */
async function openOrMakeThumbnail(images: FileStore, key: string) {
  const file = await images.open(key);
  const base = THUMBNAIL_KEY.exec(key)?.[1];
  if (file || !base) return file;
  const original = await images.open(`${base}.webp`);
  if (!original) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of original.stream) chunks.push(chunk as Buffer);
  await images.put(key, await thumbnailCopy(Buffer.concat(chunks)));
  return images.open(key);
}

/**
 * GET /uploads/<key>: listing images. Only our own keys and image types; the content type comes from the
 * extension we chose after sniffing the bytes, never from the uploader. Files never change (new key per upload).
 */
export function uploadsRouter(deps: Deps): Router {
  const r = Router();
  const { images } = deps.stores;
  r.get(/^\/(resources(?:\/seed)?\/[a-z0-9-]+\.(jpg|png|webp|gif|svg))$/, async (req, res, next) => {
    try {
      const key = (req.params as Record<string, string>)[0];
      const ext = key.slice(key.lastIndexOf('.') + 1);
      const file = await openOrMakeThumbnail(images, key);
      if (!file) return void res.status(404).json({ detail: 'Not found' });
      res.setHeader('Content-Type', EXT_CONTENT_TYPE[ext]);
      res.setHeader('Content-Length', String(file.size));
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      res.setHeader('Cross-Origin-Resource-Policy', 'same-site');
      file.stream.on('error', next).pipe(res);
    } catch (err) {
      next(err);
    }
  });
  r.use((_req, res) => void res.status(404).json({ detail: 'Not found' }));
  return r;
}
