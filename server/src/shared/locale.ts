/**
 * The languages the platform speaks: its interface, its emails, its public pages. One list for the server and the
 * client (which imports this file: it stays zod-free).
 */
export const LOCALES = ['en', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];

export const isLocale = (value: unknown): value is Locale => (LOCALES as readonly unknown[]).includes(value);

/** A stored or sent language as one we speak: anything else (missing, unknown) is English. */
export const localeOf = (value: unknown): Locale => (isLocale(value) ? value : 'en');
