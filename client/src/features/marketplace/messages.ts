import i18n from '../../lib/i18n';
import { errorMessage } from '../../lib/errors';
import { MARKET_MESSAGES } from '@shared/marketplace.rules';
import { RestError } from './rest';

/** Our server messages (English, the API contract) → keys of market.server in the locale files. */
const KEYS: Record<string, string> = Object.fromEntries(
  Object.entries(MARKET_MESSAGES)
    .filter(([, v]) => typeof v === 'string')
    .map(([k, v]) => [v as string, k]),
);

export function translateMarketMessage(message: string): string {
  if (i18n.language !== 'ar') return message;
  const key = KEYS[message];
  if (key && i18n.exists(`market.server.${key}`)) return i18n.t(`market.server.${key}`);
  const img = /^(.+) is too large\. Max size is 5MB$/.exec(message);
  if (img) return i18n.t('market.form.imageTooLarge', { file: img[1] });
  return message;
}

/** The server's message (in the UI language when we know it), or the fallback. */
export function marketError(err: unknown, fallback: string): string {
  if (err instanceof RestError) return err.status >= 500 ? fallback : translateMarketMessage(err.message);
  const msg = errorMessage(err, fallback);
  return msg === fallback ? msg : translateMarketMessage(msg);
}
