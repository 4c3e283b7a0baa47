import { MARKET_LIMITS as L } from '@shared/marketplace.rules';
import { currentBase } from '../../lib/backend';
import { session } from '../../lib/session';
import { RestError } from './rest';

/** The longest side a picture is scaled to before upload when it is over the size limit (the server keeps 1600 px). */
const SCALED_MAX_PX = 2560;

/**
 * A phone photo over the 5 MB limit is scaled down in the browser (JPEG, longest side 2560 px and smaller until it
 * fits) instead of being refused; pictures within the limit go up as they are. An animated GIF is not redrawn (that
 * would keep only its first frame): null, and the caller refuses it as too large.
 */
export async function fitForUpload(file: File): Promise<Blob | null> {
  if (file.size <= L.imageMaxBytes) return file;
  if (file.type === 'image/gif') return null;
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' }).catch(() => null);
  if (!bitmap) return null;
  try {
    for (let side = SCALED_MAX_PX; side >= 640; side = Math.round(side * 0.75)) {
      const scale = Math.min(1, side / Math.max(bitmap.width, bitmap.height));
      const canvas = document.createElement('canvas');
      canvas.width = Math.round(bitmap.width * scale);
      canvas.height = Math.round(bitmap.height * scale);
      canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
      if (blob && blob.size <= L.imageMaxBytes) return blob;
    }
    return null;
  } finally {
    bitmap.close();
  }
}

/**
 * Sends one picture to POST /api/uploads/images as it is (no base64), reporting the share sent (0–1) as it goes —
 * which fetch cannot do, hence XMLHttpRequest. Resolves to the stored picture's URL, which the listing then names.
 */
export function uploadImage(picture: Blob, onProgress: (sent: number) => void, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${currentBase()}/api/uploads/images`);
    const token = session.token();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('content-type', picture.type || 'application/octet-stream');
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      let body: { url?: string; detail?: string; field?: string; message_key?: string } = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        // not JSON: the status says enough
      }
      if (xhr.status === 201 && body.url) return resolve(body.url);
      reject(new RestError(body.detail ?? xhr.statusText, xhr.status, body.field, body.message_key));
    };
    xhr.onerror = () => reject(new TypeError('Network error'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(picture);
  });
}
