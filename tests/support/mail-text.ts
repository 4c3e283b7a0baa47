import type { ReceivedMail } from './smtp-sink.js';

/** A received mail as text: encoded headers, quoted-printable and base64 parts decoded as UTF-8. */
export function readable(m: ReceivedMail): string {
  const qp = (s: string) =>
    Buffer.from(
      s
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_, h) => `%${h}`)
        .replace(/%(?![0-9A-F]{2})/gi, '%25'),
      'latin1',
    );
  let text = m.raw.replace(/=\?UTF-8\?B\?([^?]+)\?=/gi, (_, b) => Buffer.from(b, 'base64').toString('utf8'));
  text = text.replace(/=\?UTF-8\?Q\?([^?]+)\?=/gi, (_, q) => decodeURIComponent(q.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, '%$1')));
  text = text.replace(
    /Content-Transfer-Encoding: base64\r?\n((?:[^\r\n]+\r?\n)*?)\r?\n([A-Za-z0-9+/=\r\n]+)/gi,
    (_, h, b) => `${h}\n${Buffer.from(b, 'base64').toString('utf8')}`,
  );
  text = text.replace(/Content-Transfer-Encoding: quoted-printable\r?\n((?:[^\r\n]+\r?\n)*?)\r?\n([\s\S]*?)(?=\r?\n--)/gi, (_, h, b) => {
    try {
      return `${h}\n${decodeURIComponent(qp(b).toString('latin1'))}`;
    } catch {
      return `${h}\n${b.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m: string, x: string) => String.fromCharCode(parseInt(x, 16)))}`;
    }
  });
  return text;
}

/** The parts of a raw MIME message whose Content-Type matches `type`, with their file names and decoded bytes. */
export function mailAttachments(raw: string, type: RegExp): Array<{ name: string; bytes: Buffer }> {
  const out: Array<{ name: string; bytes: Buffer }> = [];
  for (const part of raw.split(/\r?\n--[^\r\n]+\r?\n/)) {
    const headerEnd = part.search(/\r?\n\r?\n/);
    if (headerEnd < 0) continue;
    const headers = part.slice(0, headerEnd);
    const contentType = /^Content-Type:\s*([^\r\n]*(?:\r?\n[ \t][^\r\n]*)*)/im.exec(headers)?.[1] ?? '';
    if (!type.test(contentType)) continue;
    const name = /filename="?([^";\r\n]+)"?/i.exec(headers)?.[1] ?? '';
    const body = part
      .slice(headerEnd)
      .replace(/^\r?\n\r?\n/, '')
      .replace(/\r?\n--[^\r\n]*--\s*$/, '');
    const encoding = /^Content-Transfer-Encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
    const bytes =
      encoding === 'base64'
        ? Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64')
        : encoding === 'quoted-printable'
          ? Buffer.from(
              body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
              'latin1',
            )
          : Buffer.from(body, 'utf8');
    out.push({ name, bytes });
  }
  return out;
}

/**
 * Why a received mail is not drawn by the one bilingual layout (`integrations/mail/layout.ts`), or null when it is:
 * a plain-text part and an HTML part; the HTML a document whose `<html>` and outer table carry the same language and
 * direction (right to left in Arabic), built of presentation tables, with no `<div>`, `<style>` or script.
 */
export function layoutProblem(m: ReceivedMail): string | null {
  const [html] = mailAttachments(m.raw, /^text\/html/i).map((p) => p.bytes.toString('utf8'));
  if (!mailAttachments(m.raw, /^text\/plain/i).length) return 'no plain-text part';
  if (!html) return 'no HTML part';
  const root = /<html lang="(en|ar)" dir="(ltr|rtl)"/.exec(html);
  if (!root) return 'no <html lang dir>';
  const [, lang, dir] = root;
  if ((lang === 'ar') !== (dir === 'rtl')) return `${lang} drawn ${dir}`;
  if (!html.includes(`<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor=`))
    return 'no outer table';
  if (!new RegExp(`<table role="presentation"[^>]* lang="${lang}" dir="${dir}"`).test(html)) return 'outer table without lang/dir';
  if (/<div\b|<style\b|<script\b/i.test(html)) return 'div, style or script in the HTML';
  return null;
}
