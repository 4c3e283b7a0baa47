import { badInput } from './errors.js';

/**
 * Text no field of ours can hold: a NUL (PostgreSQL text cannot store U+0000, and the driver cannot even send it in
 * a query) and a lone UTF-16 surrogate (no UTF-8 encoding exists for it). Every request is checked once at its door
 * (REST: `refuseBrokenText`; GraphQL: `brokenTextPlugin`), so no route, rule or service meets them. Bidi controls are
 * not refused here: names, titles and file names refuse them in their rules (shared/bidi.ts), free text may carry them.
 */
const BROKEN_TEXT_MESSAGE = 'Text cannot contain NUL characters or broken Unicode (unpaired surrogates)';

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isBrokenText = (s: string) => s.includes('\u0000') || LONE_SURROGATE.test(s);

const MAX_DEPTH = 64;

/**
 * The path (`fullName`, `blocked.0.note`) of the first string in `value` (keys included) that is broken text, or
 * undefined. `prefix` names where `value` sits.
 */
export function brokenTextPath(value: unknown, prefix = '', depth = 0): string | undefined {
  if (typeof value === 'string') return isBrokenText(value) ? prefix || 'body' : undefined;
  if (!value || typeof value !== 'object' || depth > MAX_DEPTH) return undefined;
  const entries: Array<[string, unknown]> = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value);
  for (const [k, v] of entries) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (isBrokenText(k)) return path;
    const found = brokenTextPath(v, path, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** The refusal: 400 / BAD_USER_INPUT naming the field. */
export const brokenText = (field: string) => badInput(BROKEN_TEXT_MESSAGE, { field });
