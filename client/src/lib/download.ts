import { apiFetch } from './api';
import { serverErrorText } from './errors';

/**
 * GET an API file with the bearer token and save it under the name the server gives (a plain link would carry no
 * token); `fallbackName` when the server names none. A refusal throws the server's message, in the UI language when
 * it carries a catalogue key.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const res = await apiFetch(path);
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { detail?: string; message_key?: string };
    throw new Error(body.detail ? serverErrorText(body.detail, body.message_key) : res.statusText);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
