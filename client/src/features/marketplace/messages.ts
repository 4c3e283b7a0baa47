import i18n from '../../lib/i18n';
import { errorMessage, serverErrorText, translateServerMessage } from '../../lib/errors';
import { RestError } from '../../lib/rest-error';

/**
 * A listing rule's message produced here (a form checked before sending) in the UI language: found in the shared
 * catalogue by its text (lib/errors). `imageTooLarge` names the file, so it has no fixed text to look up.
 */
export function translateMarketMessage(message: string): string {
  if (i18n.language !== 'ar') return message;
  const img = /^(.+) is too large\. Max size is 5MB$/.exec(message);
  if (img) return i18n.t('market.form.imageTooLarge', { file: img[1] });
  return translateServerMessage(message);
}

/** The server's message (in the UI language by its key, when it has one), or the fallback. */
export function marketError(err: unknown, fallback: string): string {
  if (err instanceof RestError) {
    if (err.status >= 500) return fallback;
    return err.messageKey ? serverErrorText(err.message, err.messageKey) : translateMarketMessage(err.message);
  }
  const msg = errorMessage(err, fallback);
  return msg === fallback ? msg : translateMarketMessage(msg);
}
