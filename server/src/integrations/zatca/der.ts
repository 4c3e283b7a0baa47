/**
 * The little ASN.1 DER ZATCA needs: writing a certificate request (and, in the tests' fake Fatoora, a certificate)
 * and reading a certificate's signature. Definite lengths only, as DER requires.
 */

function length(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

export function tlv(tag: number, value: Buffer): Buffer {
  return Buffer.concat([Buffer.from([tag]), length(value.length), value]);
}

export const seq = (...items: Buffer[]) => tlv(0x30, Buffer.concat(items));
export const set = (...items: Buffer[]) => tlv(0x31, Buffer.concat(items));
export const utf8 = (s: string) => tlv(0x0c, Buffer.from(s, 'utf8'));
export const printable = (s: string) => tlv(0x13, Buffer.from(s, 'ascii'));
export const octets = (b: Buffer) => tlv(0x04, b);
/** A BIT STRING of whole bytes (no unused bits). */
export const bits = (b: Buffer) => tlv(0x03, Buffer.concat([Buffer.from([0]), b]));
/** [n] constructed, context-specific (explicit tagging, or an implicit SEQUENCE/SET). */
export const context = (n: number, ...items: Buffer[]) => tlv(0xa0 | n, Buffer.concat(items));

export function oid(dotted: string): Buffer {
  const parts = dotted.split('.').map(Number);
  const out: number[] = [parts[0] * 40 + parts[1]];
  for (const p of parts.slice(2)) {
    const chunk: number[] = [p & 0x7f];
    for (let v = Math.floor(p / 128); v > 0; v = Math.floor(v / 128)) chunk.unshift((v & 0x7f) | 0x80);
    out.push(...chunk);
  }
  return tlv(0x06, Buffer.from(out));
}

/** A non-negative INTEGER from its big-endian bytes (a leading zero keeps it positive). */
export function integer(bytes: Buffer): Buffer {
  let b = bytes;
  while (b.length > 1 && b[0] === 0 && b[1] < 0x80) b = b.subarray(1);
  if (b[0] >= 0x80) b = Buffer.concat([Buffer.from([0]), b]);
  return tlv(0x02, b);
}

export interface Node {
  tag: number;
  /** The whole element: tag, length and content. */
  raw: Buffer;
  content: Buffer;
}

/** The element at `offset` of `buf`. */
export function read(buf: Buffer, offset = 0): Node {
  const tag = buf[offset];
  let len = buf[offset + 1];
  let head = 2;
  if (len & 0x80) {
    const n = len & 0x7f;
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + buf[offset + 2 + i];
    head += n;
  }
  if (offset + head + len > buf.length) throw new Error('DER: element runs past the end');
  return { tag, raw: buf.subarray(offset, offset + head + len), content: buf.subarray(offset + head, offset + head + len) };
}

/** The elements inside a constructed one (SEQUENCE, SET, context tag). */
export function children(node: Node): Node[] {
  const out: Node[] = [];
  for (let off = 0; off < node.content.length;) {
    const c = read(node.content, off);
    out.push(c);
    off += c.raw.length;
  }
  return out;
}
