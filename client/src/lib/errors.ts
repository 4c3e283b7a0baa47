import { CombinedGraphQLErrors, ServerError } from '@apollo/client';
import i18n from './i18n';
import { isServerMessageKey, serverMessageKey, type ServerMessageKey } from '@shared/server-messages';

/** The server's message when it sent one (spec section 8: "a server detail message replaces the default"). */
export function errorMessage(error: unknown, fallback: string): string {
  if (CombinedGraphQLErrors.is(error)) {
    const e = error.errors[0];
    if (e && e.extensions?.code !== 'INTERNAL_SERVER_ERROR') return serverErrorText(e.message, e.extensions?.messageKey);
    return fallback;
  }
  if (error instanceof TypeError || ServerError.is(error)) return i18n.t('common.networkError');
  return fallback;
}

/**
 * A server error in the UI language: by its key in the shared catalogue (GraphQL `extensions.messageKey`, REST
 * `message_key`) when it carries one, else as the server wrote it (English, the API contract).
 */
export function serverErrorText(message: string, messageKey: unknown): string {
  return isServerMessageKey(messageKey) ? translated(messageKey, message) : message;
}

/** The key's text in the UI language; in English the server's own words (a feature's file may say it shorter). */
function translated(key: ServerMessageKey, message: string): string {
  if (i18n.language.startsWith('en')) return message;
  const path = messagePath(key);
  return i18n.exists(path) ? i18n.t(path) : message;
}

/** Where a key's translation lives: `serverMessages.<key>`; the listing, admin and assistant rules' in their features' files. */
function messagePath(key: ServerMessageKey): string {
  if (key.startsWith('market.')) return `market.server.${key.slice('market.'.length)}`;
  if (key.startsWith('admin.')) return `admin.serverMessages.${key.slice('admin.'.length)}`;
  if (key.startsWith('assistant.')) return `assistant.errors.${key.slice('assistant.'.length)}`;
  return `serverMessages.${key}`;
}

/**
 * A catalogue message that reaches the UI as text, not as a keyed error: a shared rule's message when a form is
 * checked here before sending, or a field of an answer (a payment's `error`, an eligibility's `message`). It is
 * found in the catalogue (server/src/shared/server-messages.json) by its English text; others are shown as they are.
 */
export function translateServerMessage(message: string): string {
  const key = serverMessageKey(message);
  return key ? translated(key, message) : message;
}
