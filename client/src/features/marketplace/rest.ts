import { camelKey, renameKeys, renamePath, snakeKey } from '@shared/case';
import { apiFetch } from '../../lib/api';
import { RestError } from '../../lib/rest-error';

/**
 * Creating and editing listings goes through the REST adapter (POST/PUT /api/resources): a digital file (10 MB as a
 * data URL) is over GraphQL's body limit. The pictures were uploaded before (image-upload.ts) and the body names their
 * URLs. The form speaks the rules' camelCase; the adapter's JSON is snake_case, so this is where the names change, on
 * the first level (as the server's rest/case.ts does), and a refusal's field comes back as the form's own path.
 */
export async function sendListing<T>(method: 'POST' | 'PUT', path: string, body: object): Promise<T> {
  const res = await apiFetch(path, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(renameKeys(body, snakeKey)),
  });
  const json = (await res.json().catch(() => ({}))) as { detail?: string; field?: string; message_key?: string };
  if (!res.ok)
    throw new RestError(json.detail ?? res.statusText, res.status, json.field && renamePath(json.field, camelKey), json.message_key);
  return renameKeys(json, camelKey) as T;
}
