import en from './locales/en.json' with { type: 'json' };
import ar from './locales/ar.json' with { type: 'json' };
import { escapeHtml } from '../../shared/escape.js';
import type { Locale } from '../../shared/locale.js';

/** Every string key of the mail locale files, as a dotted path ("verification.subject"). */
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
export type MailKey = Leaves<typeof en>;

/** What fills a string's {{placeholders}}: plain text (escaped when the string goes into HTML). */
export type MailParams = Record<string, string | number>;

/** Both languages, loaded once with the module (the files are JSON beside this one, copied into dist by tsc). */
const STRINGS: Record<Locale, unknown> = { en, ar };

function lookup(locale: Locale, key: string): string | undefined {
  const value = key
    .split('.')
    .reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), STRINGS[locale]);
  return typeof value === 'string' ? value : undefined;
}

/** Whether a key built at run time (a notification kind, a status) has a string. */
export const hasMailKey = (key: string): key is MailKey => lookup('en', key) !== undefined;

function fill(template: string, params: MailParams, esc: (s: string) => string) {
  return template.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => esc(String(params[name] ?? '')));
}

/** The string as plain text (subject, text part): placeholders filled as they are. */
export function mailText(locale: Locale, key: MailKey, params: MailParams = {}): string {
  return fill(lookup(locale, key) ?? lookup('en', key) ?? key, params, (s) => s);
}

/** The string as HTML: the string and every placeholder value escaped, so a name like `<script>` stays text. */
export function mailHtml(locale: Locale, key: MailKey, params: MailParams = {}): string {
  return fill(escapeHtml(lookup(locale, key) ?? lookup('en', key) ?? key), params, escapeHtml);
}
