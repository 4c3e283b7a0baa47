import { escapeHtml } from '../../shared/escape.js';
import { mailHtml } from './strings.js';
import type { Locale } from '../../shared/locale.js';

/**
 * The one frame of every mail the product sends, in either language. Built for the clients people read mail in:
 * nested tables with role="presentation" (Outlook's Word engine has no max-width, floats or flex; Gmail strips
 * <style> in some views and the <html>/<body> attributes), every style inline, the 600 px column held by a table
 * Outlook sees in a conditional comment, dir/align/text-align repeated on the cells (they are what survive Gmail),
 * a hidden preheader for the inbox preview, and a button whose coloured cell is the button in Outlook. No
 * images, web fonts, style sheets or scripts: nothing is fetched from anywhere.
 */

const BRAND = '#0f766e';
const PAGE = '#f6f7f9';
const INK = '#1f2937';
const MUTED = '#6b7280';

export interface MailFrame {
  locale: Locale;
  /** The heading and the document's title (plain text). */
  title: string;
  /** What the inbox shows after the subject (plain text); hidden in the mail itself. */
  preheader: string;
  /** The body, built with the helpers of {@link mailBlocks} (each one escapes what it is given). */
  body: string[];
  /** More footer lines under the tagline (e.g. the unsubscribe link), built with the same helpers. */
  footer?: string[];
}

const fontOf = (locale: Locale) => (locale === 'ar' ? 'Tahoma,Arial,sans-serif' : 'Arial,Helvetica,sans-serif');
const sideOf = (locale: Locale) => (locale === 'ar' ? 'right' : 'left');

/** The pieces a mail body is made of, for one language (direction, alignment and font follow it). */
export function mailBlocks(locale: Locale) {
  const font = fontOf(locale);
  const start = sideOf(locale);
  const end = locale === 'ar' ? 'left' : 'right';
  const text = `font-family:${font};font-size:16px;line-height:1.6;color:${INK};text-align:${start}`;
  const link = (href: string, label: string) =>
    `<a href="${escapeHtml(href)}" target="_blank" style="color:${BRAND};text-decoration:underline">${escapeHtml(label)}</a>`;
  return {
    /** A paragraph of HTML already made safe (from mailHtml or these helpers). */
    p: (html: string) => `<p style="margin:0 0 16px;${text}">${html}</p>`,
    /** A paragraph of plain text. */
    text: (s: string) => `<p style="margin:0 0 16px;${text}">${escapeHtml(s)}</p>`,
    /** Small grey text (plain). */
    note: (s: string) => `<p style="margin:0 0 12px;${text};font-size:13px;color:${MUTED}">${escapeHtml(s)}</p>`,
    /** Small grey HTML already made safe. */
    noteHtml: (html: string) => `<p style="margin:0 0 12px;${text};font-size:13px;color:${MUTED}">${html}</p>`,
    link,
    /** Label/value lines (plain text), the value on the far side; values keep their own direction. */
    rows: (rows: Array<[string, string]>) =>
      `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;margin:0 0 16px;border-collapse:collapse">${rows
        .map(
          ([k, v]) =>
            `<tr><td align="${start}" valign="top" style="padding:6px 0;border-bottom:1px solid #e5e7eb;font-family:${font};font-size:14px;line-height:1.5;color:${MUTED};text-align:${start}">${escapeHtml(k)}</td><td align="${end}" valign="top" dir="auto" style="padding:6px 0;border-bottom:1px solid #e5e7eb;font-family:${font};font-size:14px;line-height:1.5;color:${INK};text-align:${end}">${escapeHtml(v)}</td></tr>`,
        )
        .join('')}</table>`,
    /** Someone's own words (plain text, line breaks kept), set off by a bar on the reading side. */
    quote: (s: string) =>
      `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;margin:0 0 12px"><tr><td dir="auto" style="padding:4px 12px;border-${start}:3px solid ${BRAND};font-family:${font};font-size:15px;line-height:1.6;color:#374151;text-align:${start}">${escapeHtml(s).replace(/\r?\n/g, '<br>')}</td></tr></table>`,
    /**
     * The call to action: the cell carries the colour (and, in Outlook, the padding), the link fills it elsewhere,
     * so it is a button in every client with images off.
     */
    button: (href: string, label: string) =>
      `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;margin:8px 0 16px"><tr><td align="${start}" style="text-align:${start}"><table role="presentation" cellpadding="0" cellspacing="0" border="0" align="${start}"><tr><td align="center" bgcolor="${BRAND}" style="border-radius:6px;background-color:${BRAND};mso-padding-alt:12px 24px"><a href="${escapeHtml(href)}" target="_blank" style="display:inline-block;padding:12px 24px;mso-padding-alt:0;border-radius:6px;font-family:${font};font-size:16px;font-weight:bold;line-height:20px;color:#ffffff;text-decoration:none">${escapeHtml(label)}</a></td></tr></table></td></tr></table>`,
    /** The button's address written out, for clients (or people) that cannot use the button. */
    fallback: (href: string) =>
      `<p style="margin:0 0 16px;${text};font-size:13px;color:${MUTED}">${mailHtml(locale, 'layout.fallback')}<br><a href="${escapeHtml(href)}" target="_blank" style="color:${BRAND};word-break:break-all">${escapeHtml(href)}</a></p>`,
  };
}

/** The whole HTML document of a mail. */
export function renderMail(frame: MailFrame): string {
  const { locale } = frame;
  const dir = locale === 'ar' ? 'rtl' : 'ltr';
  const side = sideOf(locale);
  const font = fontOf(locale);
  const cell = `dir="${dir}" align="${side}"`;
  // Filler after the preheader so the preview does not run on into the body's text.
  const filler = '&#847;&zwnj;&nbsp;'.repeat(60);
  return `<!DOCTYPE html>
<html lang="${locale}" dir="${dir}" xmlns="http://www.w3.org/1999/xhtml" xmlns:o="urn:schemas-microsoft-com:office:office">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Type" content="text/html; charset=utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<meta name="format-detection" content="telephone=no, date=no, address=no, email=no">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${escapeHtml(frame.title)}</title>
<!--[if mso]><noscript><xml><o:OfficeDocumentSettings><o:PixelsPerInch>96</o:PixelsPerInch></o:OfficeDocumentSettings></xml></noscript><![endif]-->
</head>
<body dir="${dir}" style="margin:0;padding:0;width:100%;background-color:${PAGE};-webkit-text-size-adjust:100%;-ms-text-size-adjust:100%">
<span class="preheader" style="display:none !important;visibility:hidden;mso-hide:all;font-size:1px;line-height:1px;max-height:0;max-width:0;opacity:0;overflow:hidden;color:${PAGE}">${escapeHtml(frame.preheader)}${filler}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${PAGE}" lang="${locale}" dir="${dir}" style="width:100%;background-color:${PAGE}">
<tr><td align="center" style="padding:24px 12px">
<!--[if mso]><table role="presentation" width="600" align="center" cellpadding="0" cellspacing="0" border="0"><tr><td><![endif]-->
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;margin:0 auto">
<tr><td ${cell} style="padding:0 4px 16px;font-family:${font};font-size:22px;line-height:1.2;font-weight:bold;color:${BRAND};text-align:${side}">${mailHtml(locale, 'layout.brand')}</td></tr>
<tr><td ${cell} bgcolor="#ffffff" style="padding:32px 28px;background-color:#ffffff;border:1px solid #e5e7eb;border-radius:8px;font-family:${font};font-size:16px;line-height:1.6;color:${INK};text-align:${side}">
<h1 style="margin:0 0 20px;font-family:${font};font-size:22px;line-height:1.3;font-weight:bold;color:${BRAND};text-align:${side}">${escapeHtml(frame.title)}</h1>
${frame.body.join('\n')}
</td></tr>
<tr><td ${cell} style="padding:16px 4px 0;font-family:${font};font-size:12px;line-height:1.5;color:${MUTED};text-align:${side}">
<p style="margin:0 0 8px;font-family:${font};font-size:12px;line-height:1.5;color:${MUTED};text-align:${side}">${mailHtml(locale, 'layout.tagline')}</p>
${(frame.footer ?? []).join('\n')}
</td></tr>
</table>
<!--[if mso]></td></tr></table><![endif]-->
</td></tr>
</table>
</body>
</html>`;
}
