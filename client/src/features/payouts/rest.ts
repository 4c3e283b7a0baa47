import { apiFetch } from '../../lib/api';

/**
 * The payout profile carries documents as data URLs (up to 3 × 5 MB), more than the GraphQL endpoint accepts, so it
 * is saved through the REST adapter (PUT /api/host/payout-account). Throws the server's message on refusal.
 */
/** A refusal of the payout account; `field` is the request field it is about (snake_case), when the server names one. */
export class PayoutSaveError extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export async function savePayoutAccount(body: unknown): Promise<void> {
  const res = await apiFetch('/host/payout-account', {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json().catch(() => ({}))) as { detail?: string; field?: string };
  if (!res.ok) throw new PayoutSaveError(json.detail ?? res.statusText, json.field);
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
