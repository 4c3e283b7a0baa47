import { inflateSync } from 'node:zlib';

/**
 * The text a pdfkit document draws, one entry per text-showing operator (Tj/TJ), in drawing order. Strings are
 * decoded byte by byte as Latin-1: right for the standard fonts (Helvetica, WinAnsi codes), and for embedded fonts
 * (the Arabic one) a stable stand-in for the glyph ids — the same text always gives the same entry. Enough to
 * compare two renderings of a document and to find its Latin text; not a general PDF reader.
 */
export function pdfText(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const out: string[] = [];
  const streams = /<<([^]*?)>>\s*stream\r?\n/g;
  for (let m = streams.exec(raw); m; m = streams.exec(raw)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    let body = pdf.subarray(start, end);
    if (/\/FlateDecode/.test(m[1])) {
      try {
        body = inflateSync(body);
      } catch {
        continue; // not a content stream we can read (fonts, images): skipped
      }
    }
    const content = body.toString('latin1');
    if (!/\bT[jJ]\b/.test(content)) continue;
    for (const op of content.matchAll(/(\[(?:[^\]\\]|\\.)*\]|<[0-9a-fA-F\s]*>|\((?:[^)\\]|\\.)*\))\s*T[jJ]\b/g)) {
      const parts = op[1].match(/<[0-9a-fA-F\s]*>|\((?:[^)\\]|\\.)*\)/g) ?? [];
      out.push(
        parts
          .map((p) =>
            p.startsWith('<')
              ? Buffer.from(p.slice(1, -1).replace(/\s/g, ''), 'hex').toString('latin1')
              : p.slice(1, -1).replace(/\\(.)/g, '$1'),
          )
          .join(''),
      );
    }
  }
  return out;
}
