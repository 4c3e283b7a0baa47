import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { woffToSfnt } from './woff.js';

const require = createRequire(import.meta.url);
const FONT = require.resolve('@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff');

/** An sfnt table's checksum: the sum of its big-endian 32-bit words, zero-padded (OpenType's CalcTableChecksum). */
function checksum(data: Buffer): number {
  const padded = Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)]);
  let sum = 0;
  for (let i = 0; i < padded.length; i += 4) sum = (sum + padded.readUInt32BE(i)) >>> 0;
  return sum;
}

describe('woffToSfnt', () => {
  it('writes every table of the WOFF inflated, at 4-byte boundaries, each matching its recorded checksum', () => {
    const woff = readFileSync(FONT);
    const sfnt = woffToSfnt(woff);
    const numTables = woff.readUInt16BE(12);
    expect(sfnt.readUInt32BE(0)).toBe(woff.readUInt32BE(4)); // the flavour: TrueType outlines
    expect(sfnt.readUInt16BE(4)).toBe(numTables);
    const tags: string[] = [];
    for (let i = 0; i < numTables; i++) {
      const at = 12 + i * 16;
      const tag = sfnt.subarray(at, at + 4).toString('latin1');
      tags.push(tag);
      const offset = sfnt.readUInt32BE(at + 8);
      const data = Buffer.from(sfnt.subarray(offset, offset + sfnt.readUInt32BE(at + 12)));
      expect(offset % 4).toBe(0);
      // 'head' is summed with its checkSumAdjustment (bytes 8-11) taken as zero.
      if (tag === 'head') data.writeUInt32BE(0, 8);
      expect(checksum(data), tag).toBe(sfnt.readUInt32BE(at + 4));
    }
    expect(tags).toEqual(expect.arrayContaining(['cmap', 'glyf', 'head', 'hmtx', 'GSUB']));
  });

  it('refuses a file that is not WOFF 1.0', () => {
    expect(() => woffToSfnt(Buffer.from('wOF2' + '\0'.repeat(60)))).toThrow('Not a WOFF 1.0 font');
  });
});
