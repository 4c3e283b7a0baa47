import { apiFetch } from '../../lib/api';

/** An answer of the REST adapter that is not 2xx; `message` is the server's detail. */
export class RestError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * Listing bodies carry images as data URLs (up to 5 × 5 MB), more than the GraphQL endpoint accepts,
 * so creating and editing listings goes through the REST adapter (POST/PUT /api/resources).
 */
export async function sendListing<T>(method: 'POST' | 'PUT', path: string, body: unknown): Promise<T> {
  const res = await apiFetch(path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = (await res.json().catch(() => ({}))) as { detail?: string };
  if (!res.ok) throw new RestError(json.detail ?? res.statusText, res.status);
  return json as T;
}

/** Reads a File as a data URL. */
export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}
