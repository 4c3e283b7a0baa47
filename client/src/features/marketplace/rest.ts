import { apiFetch } from '../../lib/api';

/** An answer of the REST adapter that is not 2xx; `message` is the server's detail. */
export class RestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The request field the refusal is about (the rule's path, snake_case), when the server names one. */
    readonly field?: string,
    /** The message's key in the shared catalogue (`message_key`), to translate it by. */
    readonly messageKey?: string,
  ) {
    super(message);
  }
}

/**
 * Creating and editing listings goes through the REST adapter (POST/PUT /api/resources), whose refusals name their
 * field; the pictures were uploaded before (image-upload.ts) and the body names their URLs.
 */
export async function sendListing<T>(method: 'POST' | 'PUT', path: string, body: unknown): Promise<T> {
  const res = await apiFetch(path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = (await res.json().catch(() => ({}))) as { detail?: string; field?: string; message_key?: string };
  if (!res.ok) throw new RestError(json.detail ?? res.statusText, res.status, json.field, json.message_key);
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
