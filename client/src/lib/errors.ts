import { CombinedGraphQLErrors, ServerError } from '@apollo/client';
import i18n from './i18n';
// The lookup table (English text → key), whichever language's strings are loaded.
import englishServerMessages from '../locales/en/server-messages.json';

/** The server's message when it sent one (spec section 8: "a server detail message replaces the default"). */
export function errorMessage(error: unknown, fallback: string): string {
  if (CombinedGraphQLErrors.is(error)) {
    const e = error.errors[0];
    if (e && e.extensions?.code !== 'INTERNAL_SERVER_ERROR') return translateServerMessage(e.message);
    return fallback;
  }
  if (error instanceof TypeError || ServerError.is(error)) return i18n.t('common.networkError');
  return fallback;
}

/**
 * Server messages are English (the API contract). Those the UI shows often have a translation under
 * `serverMessages` in the locale files, whose English value is the server's exact message; others are shown
 * as the server wrote them.
 */
let byEnglish: Map<string, string> | undefined;
function serverMessageKey(message: string): string | undefined {
  if (!byEnglish) {
    const table = englishServerMessages.serverMessages as Record<string, string>;
    byEnglish = new Map(Object.entries(table).map(([key, english]) => [english, key]));
  }
  return byEnglish.get(message);
}

export function translateServerMessage(message: string): string {
  const key = serverMessageKey(message);
  return key ? i18n.t(`serverMessages.${key}`) : message;
}
