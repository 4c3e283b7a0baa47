import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { badInput } from '../common/errors.js';
import { decodeDataUrl } from '../common/data-url.js';
import { MARKET_LIMITS, MARKET_MESSAGES, type FileFormat } from '../../shared/marketplace.rules.js';
import { THUMBNAIL_WIDTH, thumbnailOf } from '../../shared/images.js';

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif';
export const EXT_CONTENT_TYPE: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  svg: 'image/svg+xml',
};

/** The real type of an image by its magic bytes. */
function sniffImage(buf: Buffer): ImageType | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (buf.length >= 12 && buf.toString('ascii', 0, 4) === 'RIFF' && buf.toString('ascii', 8, 12) === 'WEBP') return 'image/webp';
  if (buf.length >= 6 && (buf.toString('ascii', 0, 6) === 'GIF87a' || buf.toString('ascii', 0, 6) === 'GIF89a')) return 'image/gif';
  return null;
}

export interface CheckedImage {
  key: string;
  data: Buffer;
}

/** A stored listing picture: its web copy and the card-sized copy kept beside it. */
export interface WebImage extends CheckedImage {
  thumbnail: CheckedImage;
}

/** The longest side of the stored (web-sized) copy. */
const WEB_IMAGE_MAX_PX = 1600;
/** Refuse decompression bombs: a 5 MB file may claim a huge canvas. */
const MAX_INPUT_PIXELS = 50_000_000;

/** Checks an image's size and real type; `label` names it in messages ("Image 2"). */
export function checkImage(dataUrl: string, label: string): { data: Buffer; type: ImageType; label: string } {
  return checkImageBytes(decodeDataUrl(dataUrl), label);
}

/** The same checks for bytes uploaded as they are (the listing form's uploads). */
export function checkImageBytes(data: Buffer | null, label: string): { data: Buffer; type: ImageType; label: string } {
  if (!data || data.length === 0) throw badInput(MARKET_MESSAGES.invalidImage(label), { field: 'images' });
  if (data.length > MARKET_LIMITS.imageMaxBytes) throw badInput(MARKET_MESSAGES.imageTooLarge(label), { field: 'images' });
  const type = sniffImage(data);
  if (!type) throw badInput(MARKET_MESSAGES.invalidImage(label), { field: 'images' });
  return { data, type, label };
}

/**
 * The web-sized copy we store and serve: decoded and re-encoded as WebP, at most 1600 px on its longest side,
 * turned upright by its EXIF orientation. Re-encoding drops metadata (EXIF GPS) and anything smuggled after the
 * image data; a file that only looks like an image fails here (400).
 */
export async function webCopy(img: { data: Buffer; type: ImageType; label: string }): Promise<WebImage> {
  try {
    const data = await sharp(img.data, {
      animated: img.type === 'image/gif' || img.type === 'image/webp',
      limitInputPixels: MAX_INPUT_PIXELS,
    })
      .rotate()
      .resize({ width: WEB_IMAGE_MAX_PX, height: WEB_IMAGE_MAX_PX, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    const key = `resources/${randomUUID()}.webp`;
    return { key, data, thumbnail: { key: thumbnailOf(key)!, data: await thumbnailCopy(data) } };
  } catch {
    throw badInput(MARKET_MESSAGES.invalidImage(img.label), { field: 'images' });
  }
}

/** The card-sized copy of a web copy (cards ask for it with `srcset`; the detail page shows the web copy). */
export async function thumbnailCopy(webCopyData: Buffer): Promise<Buffer> {
  return sharp(webCopyData, { animated: true, limitInputPixels: MAX_INPUT_PIXELS })
    .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
    .webp({ quality: 75 })
    .toBuffer();
}

export const FILE_CONTENT_TYPE: Record<FileFormat, string> = {
  pdf: 'application/pdf',
  zip: 'application/zip',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  csv: 'text/csv; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
};

/** Does the content look like the claimed format? (PDF header; ZIP container for zip/Office; UTF-8 text without NULs.) */
function matchesFormat(buf: Buffer, format: FileFormat): boolean {
  switch (format) {
    case 'pdf':
      return buf.toString('ascii', 0, 5) === '%PDF-';
    case 'zip':
    case 'docx':
    case 'xlsx':
    case 'pptx':
      return buf.length >= 4 && buf[0] === 0x50 && buf[1] === 0x4b && buf[2] === 0x03 && buf[3] === 0x04;
    case 'csv':
    case 'txt':
      return !buf.includes(0) && Buffer.from(buf.toString('utf8'), 'utf8').equals(buf);
  }
}

export function checkDigitalFile(dataUrl: string, format: FileFormat): CheckedImage {
  return checkDigitalFileBytes(decodeDataUrl(dataUrl), format);
}

/** The same checks for a file uploaded as it is (the listing form's upload, `POST /api/uploads/files`). */
export function checkDigitalFileBytes(data: Buffer | null, format: FileFormat): CheckedImage {
  if (!data || data.length === 0) throw badInput(MARKET_MESSAGES.invalidFile, { field: 'file' });
  if (data.length > MARKET_LIMITS.fileMaxBytes) throw badInput(MARKET_MESSAGES.fileTooLarge, { field: 'file' });
  if (!matchesFormat(data, format)) throw badInput(MARKET_MESSAGES.invalidFile, { field: 'file' });
  return { key: `${randomUUID()}.${format}`, data };
}

/**
 * A listing's `file` naming an upload of the caller's (`upload:<key>`, the answer of `POST /api/uploads/files`): its
 * storage key, or null when `file` is a data URL. An upload checked as another format than the listing declares is
 * refused: the file is served as the declared format.
 */
export function stagedFileKey(file: string, format: FileFormat): string | null {
  if (!file.startsWith('upload:')) return null;
  const key = file.slice('upload:'.length);
  if (!new RegExp(`^[0-9a-f-]{36}\\.${format}$`).test(key)) throw badInput(MARKET_MESSAGES.invalidFile, { field: 'file' });
  return key;
}

/** The storage key of one of our image URLs (absolute or relative), or null. */
export function keyFromImageUrl(url: string): string | null {
  const m = /(?:^|\/)uploads\/(resources\/(?:seed\/)?[a-z0-9-]+\.[a-z]{3,4})$/.exec(url);
  return m ? m[1] : null;
}
