/**
 * The mails as they leave over SMTP (issue #26): each one drawn by the one bilingual layout, in the reader's
 * language, with the subject of the mail locale files. `createTestApp`'s close checks the layout of every mail any
 * server test makes the app send; this file sends one of each public and account mail in both languages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { layoutProblem, readable } from '../support/mail-text.js';
import type { ReceivedMail } from '../support/smtp-sink.js';
import { readFileSync } from 'node:fs';
import { LOCALES, type Locale } from '../../server/src/shared/locale.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Strings = Record<'verification' | 'passwordReset' | 'inquiry' | 'newsletterConfirm', { subject: string }>;
const strings = (lang: Locale) =>
  JSON.parse(readFileSync(new URL(`../../server/src/integrations/mail/locales/${lang}.json`, import.meta.url), 'utf8')) as Strings;
/** The decoded subject: a long (Arabic) one is folded over several encoded words, joined without the spaces between. */
const subjectOf = (m: ReceivedMail) => {
  const folded = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(m.raw)?.[1] ?? '';
  return readable({ ...m, raw: folded.replace(/\?=\r?\n[ \t]+=\?/g, '?==?') })
    .replace(/\r?\n[ \t]+/g, ' ')
    .trim();
};
const langOf = (m: ReceivedMail) => /<html lang="(en|ar)"/.exec(readable(m))?.[1];

describe.each(LOCALES)('mails sent in %s', (locale) => {
  const s = strings(locale);
  const email = `layout-${locale}-${Date.now()}@example.sa`;

  it('verification, password reset, inquiry and newsletter confirmation: the layout, the language, the subject', async () => {
    const reg = await t.api('POST', '/api/auth/register', { email, password: 'long-desert-2026', full_name: 'Huda Al-Harbi', locale });
    expect(reg.status).toBe(201);
    expect((await t.api('POST', '/api/auth/forgot-password', { email, locale })).status).toBe(200);
    const inquiry = await t.api('POST', '/api/inquiries', {
      service_type: 'resource-sharing',
      full_name: 'Huda Al-Harbi',
      email,
      message: 'We have two idle forklifts in Buraydah.',
      locale,
    });
    expect(inquiry.status).toBe(201);
    expect((await t.api('POST', '/api/newsletter/subscribe', { email, locale })).status).toBe(201);
    await t.mailsSent();

    // The inquiry's subject ends with its reference: the text before the placeholder is compared.
    const expected = [s.verification.subject, s.passwordReset.subject, s.inquiry.subject, s.newsletterConfirm.subject].map(
      (subject) => subject.split('{{')[0]!,
    );
    for (const subject of expected) {
      const mail = await t.smtp.waitFor(email, (m) => (subjectOf(m) ?? '').startsWith(subject));
      expect(layoutProblem(mail), subject).toBeNull();
      expect(langOf(mail), subject).toBe(locale);
    }
    expect(t.smtp.received.filter((m) => m.to.includes(email)).map(layoutProblem)).toEqual([null, null, null, null]);
  });
});

describe('layoutProblem', () => {
  it('refuses a mail drawn without the layout, so the check at close can fail', () => {
    const plain: ReceivedMail = {
      from: 'a@example.sa',
      to: ['b@example.sa'],
      raw: [
        'Content-Type: multipart/alternative; boundary="x"',
        '',
        '--x',
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Hello',
        '--x',
        'Content-Type: text/html; charset=utf-8',
        '',
        '<html><body><div>Hello</div></body></html>',
        '--x--',
      ].join('\r\n'),
    };
    expect(layoutProblem(plain)).toBe('no <html lang dir>');
  });
});
