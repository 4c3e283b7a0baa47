import { inflateSync } from 'node:zlib';
import QRCode from 'qrcode';

/**
 * A small reader for the PDFs pdfkit writes (plain `N 0 obj … endobj` objects, no object streams, no encryption):
 * enough to find a document's text, metadata and embedded files in tests; not a general PDF reader.
 */
interface PdfObject {
  /** The object's dictionary (or whole body when it has none), as PDF source text. */
  dict: string;
  /** The stream's bytes, inflated when FlateDecode; null when the object has no stream. */
  stream: Buffer | null;
}

export function pdfObjects(pdf: Buffer): Map<number, PdfObject> {
  const raw = pdf.toString('latin1');
  const out = new Map<number, PdfObject>();
  const objs = /(\d+) 0 obj\s*/g;
  for (let m = objs.exec(raw); m; m = objs.exec(raw)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endobj', start);
    const body = raw.slice(start, end);
    const s = /stream\r?\n/.exec(body);
    let dict = body;
    let stream: Buffer | null = null;
    if (s && body.slice(0, s.index).trimEnd().endsWith('>>')) {
      dict = body.slice(0, s.index);
      const from = start + s.index + s[0].length;
      const to = raw.indexOf('endstream', from);
      stream = pdf.subarray(from, to);
      if (/\/FlateDecode/.test(dict)) {
        try {
          stream = inflateSync(stream);
        } catch {
          stream = null;
        }
      }
    }
    out.set(Number(m[1]), { dict, stream });
    objs.lastIndex = end;
  }
  return out;
}

/** The code → text map of a ToUnicode CMap (pdfkit writes bfrange arrays of 2-byte codes). */
function toUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const utf16 = (hex: string) => {
    const words = hex.trim().split(/\s+/).filter(Boolean);
    return String.fromCharCode(...words.flatMap((w) => w.match(/.{4}/g)!.map((x) => parseInt(x, 16))));
  };
  for (const r of cmap.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*\[([^\]]*)\]/g)) {
    const first = parseInt(r[1], 16);
    [...r[3].matchAll(/<([^>]*)>/g)].forEach((v, i) => map.set(first + i, utf16(v[1])));
  }
  return map;
}

const ARABIC = /[\u0600-\u06FF]/;

/** A PDF text string (ISO 32000 7.9.2.2): UTF-16BE after its byte-order mark, else PDFDocEncoding (ASCII here). */
function textString(bytes: Buffer): string {
  if (bytes[0] !== 0xfe || bytes[1] !== 0xff) return bytes.toString('latin1');
  return String.fromCharCode(...Array.from({ length: (bytes.length - 2) / 2 }, (_, i) => bytes.readUInt16BE(2 + i * 2)));
}

/**
 * The text a pdfkit document draws, one entry per text-showing operator (Tj/TJ), in drawing order. Embedded fonts
 * (every font of our PDF/A documents) are decoded through their ToUnicode CMaps, so Latin text comes out as the
 * characters drawn; a standard font's bytes as Latin-1. A marked-content span with an ActualText (how the invoice
 * PDFs give each Arabic run its letters) is one entry, that text in logical order, as a reader copies it.
 */
export function pdfText(pdf: Buffer): string[] {
  const objects = pdfObjects(pdf);
  // Font resource names (pdfkit: F1, F2 … unique within a document) → their ToUnicode maps.
  const fonts = new Map<string, Map<number, string> | null>();
  for (const o of objects.values()) {
    const block = /\/Font\s*<<([^]*?)>>/.exec(o.dict);
    if (!block) continue;
    for (const f of block[1].matchAll(/\/(\S+?)\s+(\d+) 0 R/g)) {
      const tu = /\/ToUnicode\s+(\d+) 0 R/.exec(objects.get(Number(f[2]))?.dict ?? '');
      const cmap = tu && objects.get(Number(tu[1]))?.stream;
      fonts.set(f[1], cmap ? toUnicode(cmap.toString('latin1')) : null);
    }
  }
  const out: string[] = [];
  for (const o of objects.values()) {
    if (!o.stream) continue;
    const content = o.stream.toString('latin1');
    if (!/\bT[jJ]\b/.test(content) || !/\bBT\b/.test(content)) continue;
    let font: Map<number, string> | null = null;
    /** Inside a span with an ActualText: its glyphs are not read. */
    let actual = false;
    const ops =
      /\/Span\s*<<\s*\/ActualText\s*<([0-9a-fA-F\s]*)>\s*>>\s*BDC\b|\b(EMC)\b|\/(\S+)\s+[\d.]+\s+Tf\b|(\[(?:[^\]\\]|\\.)*\]|<[0-9a-fA-F\s]*>|\((?:[^)\\]|\\.)*\))\s*T[jJ]\b/g;
    for (const op of content.matchAll(ops)) {
      if (op[1]) {
        // A hex string (as invoice.pdf.ts writes it), in the order its glyphs are drawn; a right-to-left run reads
        // in the reverse order, as readers put it.
        const drawn = textString(Buffer.from(op[1].replace(/\s/g, ''), 'hex'));
        out.push(ARABIC.test(drawn) ? [...drawn].reverse().join('') : drawn);
        actual = true;
        continue;
      }
      if (op[2]) {
        actual = false;
        continue;
      }
      if (op[3]) {
        font = fonts.get(op[3]) ?? null;
        continue;
      }
      if (actual) continue;
      const parts = op[4].match(/<[0-9a-fA-F\s]*>|\((?:[^)\\]|\\.)*\)/g) ?? [];
      const decode = (p: string) => {
        if (!p.startsWith('<')) return p.slice(1, -1).replace(/\\(.)/g, '$1');
        const hex = p.slice(1, -1).replace(/\s/g, '');
        if (!font) return Buffer.from(hex, 'hex').toString('latin1');
        const map = font;
        return (hex.match(/.{4}/g) ?? []).map((c) => map.get(parseInt(c, 16)) ?? '\uFFFD').join('');
      };
      out.push(parts.map(decode).join(''));
    }
  }
  return out;
}

/** The document's XMP metadata packet (the catalog's /Metadata stream), or null. */
export function pdfXmp(pdf: Buffer): string | null {
  for (const o of pdfObjects(pdf).values()) if (/\/Type\s*\/Metadata/.test(o.dict) && o.stream) return o.stream.toString('utf8');
  return null;
}

/** The document catalog's dictionary text. */
export function pdfCatalog(pdf: Buffer): string {
  for (const o of pdfObjects(pdf).values()) if (/\/Type\s*\/Catalog/.test(o.dict)) return o.dict;
  throw new Error('no catalog');
}

/** The files a PDF embeds: each file specification with its name, /AFRelationship, MIME subtype and bytes. */
export function pdfEmbeddedFiles(
  pdf: Buffer,
): Array<{ ref: number; name: string; relationship: string | null; subtype: string | null; bytes: Buffer }> {
  const objects = pdfObjects(pdf);
  const out = [];
  for (const [ref, o] of objects) {
    if (!/\/Type\s*\/Filespec/.test(o.dict)) continue;
    const ef = /\/EF\s*<<\s*\/F\s+(\d+) 0 R/.exec(o.dict);
    const file = ef && objects.get(Number(ef[1]));
    if (!file?.stream) continue;
    out.push({
      ref,
      name: /\/F\s*\(([^)]*)\)/.exec(o.dict)?.[1] ?? '',
      relationship: /\/AFRelationship\s*\/(\w+)/.exec(o.dict)?.[1] ?? null,
      subtype: /\/Subtype\s*\/(\S+)/.exec(file.dict)?.[1]?.replace(/#2F/gi, '/') ?? null,
      bytes: file.stream,
    });
  }
  return out;
}

/** A seller's Arabic address as the tests set it, and the runs the PDFs draw it in: its postal code left of the words. */
export const ARABIC_ADDRESS = 'طريق الملك فهد، العليا، الرياض 12214';
export const ARABIC_ADDRESS_RUNS = ['12214', 'طريق الملك فهد، العليا، الرياض '];

/**
 * The QR codes a PDF draws, as module matrices (true = dark), read from its RGB image XObjects (the `qrcode` package's
 * PNG: a one-module quiet zone, modules of width / (size + 2) pixels). The size comes from the timing pattern (row 6:
 * the finder patterns' dark rows with alternating modules between them); each module is sampled at its centre.
 */
export function pdfQrMatrices(pdf: Buffer): boolean[][][] {
  const out: boolean[][][] = [];
  for (const o of pdfObjects(pdf).values()) {
    if (!/\/Subtype\s*\/Image/.test(o.dict) || !/\/ColorSpace\s*\/DeviceRGB/.test(o.dict) || !o.stream) continue;
    const w = Number(/\/Width\s+(\d+)/.exec(o.dict)![1]);
    const dark = (x: number, y: number) => o.stream![(Math.floor(y) * w + Math.floor(x)) * 3] < 128;
    // The finder pattern's top-left corner is the first dark pixel on the diagonal; its top row is 7 modules long.
    let c = 0;
    while (c < w && !dark(c, c)) c++;
    let run = 0;
    while (c + run < w && dark(c + run, c)) run++;
    const y = c + (6.5 * run) / 7;
    let darkRuns = 0;
    for (let x = c, was = false; x < w - c; x++) {
      const d = dark(x, y);
      if (d && !was) darkRuns++;
      was = d;
    }
    const size = 2 * (darkRuns - 2) + 15;
    const m = w / (size + 2);
    out.push(Array.from({ length: size }, (_, r) => Array.from({ length: size }, (_, k) => dark((k + 1.5) * m, (r + 1.5) * m))));
  }
  return out;
}

/** The module matrix of `payload` as the PDFs encode it (the `qrcode` package, error correction M). */
export function qrMatrix(payload: string): boolean[][] {
  const { modules } = QRCode.create(payload, { errorCorrectionLevel: 'M' });
  return Array.from({ length: modules.size }, (_, r) => Array.from({ length: modules.size }, (_, k) => !!modules.get(r, k)));
}
