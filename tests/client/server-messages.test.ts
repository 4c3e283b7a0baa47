import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import './browser-globals';
import { CombinedGraphQLErrors } from '@apollo/client';
import i18n from '../../client/src/lib/i18n';
import { errorMessage, serverErrorText, translateServerMessage } from '../../client/src/lib/errors';
import { SERVER_MESSAGES } from '../../server/src/shared/server-messages';

const arabic = JSON.parse(readFileSync(new URL('../../client/src/locales/ar/server-messages.json', import.meta.url), 'utf8'))
  .serverMessages as Record<string, string>;

/** A GraphQL refusal as Apollo Client hands it to a component. */
const graphqlError = (message: string, extensions: Record<string, unknown>) =>
  new CombinedGraphQLErrors({ errors: [{ message, extensions }] } as never);

describe('server messages shown in the UI', () => {
  it('translates a keyed error by its key in Arabic, whatever its text, and shows it as sent in English', async () => {
    await i18n.changeLanguage('ar');
    const refused = graphqlError('Invalid email or password', { code: 'UNAUTHENTICATED', messageKey: 'invalidCredentials' });
    expect(errorMessage(refused, 'fallback')).toBe('البريد الإلكتروني أو كلمة المرور غير صحيحة');
    expect(errorMessage(refused, 'fallback')).toBe(arabic.invalidCredentials);
    // The key decides, not the English: a reworded server message keeps its translation.
    expect(serverErrorText('Wrong email or password', 'invalidCredentials')).toBe(arabic.invalidCredentials);
    // No key, or one the client does not know: the server's text as it is.
    expect(errorMessage(graphqlError('Something only the server knows', { code: 'BAD_USER_INPUT' }), 'x')).toBe(
      'Something only the server knows',
    );
    expect(serverErrorText('Something new', 'aKeyFromANewerServer')).toBe('Something new');
    await i18n.changeLanguage('en');
    expect(errorMessage(refused, 'fallback')).toBe('Invalid email or password');
  });

  it('finds a shared rule message checked in the browser by its text', async () => {
    await i18n.changeLanguage('ar');
    expect(translateServerMessage(SERVER_MESSAGES.invalidCredentials)).toBe(arabic.invalidCredentials);
    expect(translateServerMessage('Something only the server knows')).toBe('Something only the server knows');
    await i18n.changeLanguage('en');
  });

  it('the catalogue and its Arabic have the same keys; every English entry is a sentence and every Arabic one differs', () => {
    expect(Object.keys(arabic).sort()).toEqual(Object.keys(SERVER_MESSAGES).sort());
    for (const [key, english] of Object.entries(SERVER_MESSAGES)) {
      expect(english, key).toMatch(/^[A-Z]/);
      expect(arabic[key], key).not.toBe(english);
    }
  });
});
