import catalogue from './server-messages.json' with { type: 'json' };
import { MARKET_MESSAGES } from './marketplace.messages.js';
import { ADMIN_MESSAGES, ASSISTANT_MESSAGES } from './admin.messages.js';

/**
 * The one catalogue of the server's messages a user may see: a stable key → the English text (the API contract).
 * The server names the key with every error whose message is here (GraphQL `extensions.messageKey`, REST
 * `message_key`: modules/common/errors.ts); the client translates by key (its English is this table, its Arabic
 * client/src/locales/ar/server-messages.json) and shows any other message as the server wrote it.
 */
export const SERVER_MESSAGES = catalogue.serverMessages;
type CatalogueKey = keyof typeof SERVER_MESSAGES;

/**
 * The listing, admin and assistant rules keep their messages beside the rules (MARKET_MESSAGES, ADMIN_MESSAGES,
 * ASSISTANT_MESSAGES); their keys are sent prefixed with the catalogue's name (`market.priceTooHigh`, `admin.invalidRole`).
 * Every name of FEATURE_CATALOGUES is a prefix the client maps to its translations (client/src/lib/errors.ts).
 */
const FEATURE_CATALOGUES = { market: MARKET_MESSAGES, admin: ADMIN_MESSAGES, assistant: ASSISTANT_MESSAGES } as const;
type Feature = keyof typeof FEATURE_CATALOGUES;
type FeatureKey<F extends Feature> = {
  [K in keyof (typeof FEATURE_CATALOGUES)[F]]: (typeof FEATURE_CATALOGUES)[F][K] extends string ? `${F}.${K & string}` : never;
}[keyof (typeof FEATURE_CATALOGUES)[F]];

/** A message key as the server sends it: a catalogue key, or a feature catalogue's prefixed key. */
export type ServerMessageKey = CatalogueKey | FeatureKey<'market'> | FeatureKey<'admin'> | FeatureKey<'assistant'>;

let byText: Map<string, ServerMessageKey> | undefined;
let keys: Set<string> | undefined;

function tables() {
  if (!byText || !keys) {
    byText = new Map();
    keys = new Set();
    const add = (key: string, english: unknown) => {
      if (typeof english !== 'string') return;
      keys!.add(key);
      // The first key of a text wins: the shared catalogue before the features', as two keys may share a text.
      if (!byText!.has(english)) byText!.set(english, key as ServerMessageKey);
    };
    for (const [key, english] of Object.entries(SERVER_MESSAGES)) add(key, english);
    for (const [feature, table] of Object.entries(FEATURE_CATALOGUES))
      for (const [key, english] of Object.entries(table)) add(`${feature}.${key}`, english);
  }
  return { byText, keys };
}

/** The key of a catalogued message, or undefined for any other text. */
export function serverMessageKey(text: string): ServerMessageKey | undefined {
  return tables().byText.get(text);
}

/** Whether a key (an error's messageKey) is one this catalogue knows: a newer server's key is not. */
export const isServerMessageKey = (key: unknown): key is ServerMessageKey => typeof key === 'string' && tables().keys.has(key);
