import type { z } from 'zod';
import { camelKey, renameKeys, renamePath, snakeKey } from '@shared/case';
import type { payoutAccountSchema } from '@shared/payouts.rules';
import { apiFetch } from '../../lib/api';

/**
 * The payout profile is saved through the REST adapter (PUT /api/host/payout-account), where its documents may also be
 * data URLs (more than the GraphQL endpoint accepts); the form's document is uploaded before and named by its upload.
 */
/** A refusal of the payout account; `field` is the rule's path it is about (camelCase, as the form names it), when the server names one. */
export class PayoutSaveError extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** The form's profile (the rule's camelCase) in the adapter's snake_case, the documents' names too. */
export async function savePayoutAccount(profile: z.input<typeof payoutAccountSchema>): Promise<void> {
  const body = { ...renameKeys(profile, snakeKey), documents: profile.documents?.map((d) => renameKeys(d, snakeKey)) };
  const res = await apiFetch('/host/payout-account', {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json().catch(() => ({}))) as { detail?: string; field?: string };
  if (!res.ok) throw new PayoutSaveError(json.detail ?? res.statusText, json.field && renamePath(json.field, camelKey));
}
