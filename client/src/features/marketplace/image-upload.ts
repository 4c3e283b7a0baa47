import { MARKET_LIMITS as L } from '@shared/marketplace.rules';
import { sendFileBody } from '../../lib/upload';

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
 * Sends one picture to POST /api/uploads/images as it is (no base64), reporting the share sent (0–1) as it goes.
 * Resolves to the stored picture's URL, which the listing then names.
 */
export async function uploadImage(picture: Blob, onProgress: (sent: number) => void, signal?: AbortSignal): Promise<string> {
  return (await sendFileBody<{ url: string }>('/api/uploads/images', picture, onProgress, signal)).url;
}

/**
 * Sends a digital listing's file to POST /api/uploads/files as it is, checked there as `format`. Resolves to what the
 * listing's `file` then names (`upload:<key>`).
 */
export async function uploadListingFile(file: Blob, format: string, onProgress: (sent: number) => void, signal?: AbortSignal) {
  const path = `/api/uploads/files?format=${encodeURIComponent(format)}`;
  return (await sendFileBody<{ file: string }>(path, file, onProgress, signal)).file;
}
