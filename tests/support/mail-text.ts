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
