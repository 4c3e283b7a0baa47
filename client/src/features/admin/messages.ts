import { CombinedGraphQLErrors } from '@apollo/client';
import { ADMIN_MESSAGES } from '@shared/admin.rules';
import i18n from '../../lib/i18n';
import { errorMessage } from '../../lib/errors';

const BY_TEXT = new Map<string, string>(Object.entries(ADMIN_MESSAGES).map(([k, v]) => [v, k]));

/** A server rule message in the UI language (admin rules), else the common handling of lib/errors. */
export function adminMessage(message: string): string {
  const key = BY_TEXT.get(message);
  return key ? i18n.t(`admin.serverMessages.${key}`) : message;
}

export function adminErrorMessage(err: unknown, fallback: string): string {
  if (CombinedGraphQLErrors.is(err)) {
    const e = err.errors[0];
    if (e && BY_TEXT.has(e.message)) return adminMessage(e.message);
  }
  return errorMessage(err, fallback);
}
