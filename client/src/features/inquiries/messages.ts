import { PUBLIC_MESSAGES } from '@shared/public.rules';
import i18n from '../../lib/i18n';

/** Our rule messages (English, from the server or the shared schema) in the visitor's language. */
export function publicMessage(message: string): string {
  const key = (Object.keys(PUBLIC_MESSAGES) as Array<keyof typeof PUBLIC_MESSAGES>).find((k) => PUBLIC_MESSAGES[k] === message);
  return key ? i18n.t(`inquiries.messages.${key}`) : message;
}
