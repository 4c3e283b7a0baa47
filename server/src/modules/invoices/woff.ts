import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';

/**
 * A WOFF 1.0 font file as the plain TrueType/OpenType (sfnt) font it wraps: each table inflated once, with Node's
 * zlib. fontkit reads WOFF itself, but inflates a table in JavaScript every time it reads from it, which made drawing
 * one invoice PDF cost ≈ 1.4 s of CPU (docs/performance.md); from the sfnt it reads tables as they are.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== 0x774f4646) throw new Error('Not a WOFF 1.0 font');
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables: Array<{ tag: number; checksum: number; data: Buffer }> = [];
  for (let i = 0; i < numTables; i++) {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const stored = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? inflateSync(stored) : stored;
    if (data.length !== origLength) throw new Error('WOFF table of the wrong length');
    tables.push({ tag: woff.readUInt32BE(at), checksum: woff.readUInt32BE(at + 16), data });
  }
  // The sfnt header's binary-search fields, from the largest power of two not above the table count.
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  const pad4 = (n: number) => (n + 3) & ~3;
  const size = 12 + numTables * 16 + tables.reduce((sum, t) => sum + pad4(t.data.length), 0);
  const out = Buffer.alloc(size);
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(numTables, 4);
  out.writeUInt16BE(searchRange, 6);
  out.writeUInt16BE(entrySelector, 8);
  out.writeUInt16BE(numTables * 16 - searchRange, 10);
  let offset = 12 + numTables * 16;
  tables.forEach((t, i) => {
    const at = 12 + i * 16;
    out.writeUInt32BE(t.tag, at);
    out.writeUInt32BE(t.checksum, at + 4);
    out.writeUInt32BE(offset, at + 8);
    out.writeUInt32BE(t.data.length, at + 12);
    t.data.copy(out, offset);
    offset += pad4(t.data.length);
  });
  return out;
}

const loaded = new Map<string, Buffer>();
/** The font file at `path` as an sfnt, converted on first use and kept for the process's life. */
export function sfntFont(path: string): Buffer {
  let font = loaded.get(path);
  if (!font) loaded.set(path, (font = woffToSfnt(readFileSync(path))));
  return font;
}
