/**
 * ZATCA's QR code: TLV (tag byte, length byte, value) in Base64. Tags 1–5 are text (seller name, VAT number,
 * timestamp, total with VAT, VAT); phase 2 adds 6 the invoice hash and 7 the ECDSA signature (their Base64 text),
 * 8 the public key (DER SubjectPublicKeyInfo bytes) and, on simplified invoices, 9 the certificate's signature
 * (the bytes of the stamp certificate's signatureValue).
 */
export function qrTlv(fields: Array<[number, string | Buffer]>): string {
  const parts = fields.map(([tag, value]) => {
    const bytes = typeof value === 'string' ? Buffer.from(value, 'utf8') : value;
    if (bytes.length > 255) throw new Error(`ZATCA QR tag ${tag} is longer than 255 bytes`);
    return Buffer.concat([Buffer.from([tag, bytes.length]), bytes]);
  });
  return Buffer.concat(parts).toString('base64');
}

/** Every tag's raw bytes. */
export function readQr(payload: string): Map<number, Buffer> {
  const buf = Buffer.from(payload, 'base64');
  const out = new Map<number, Buffer>();
  for (let i = 0; i + 2 <= buf.length;) {
    out.set(buf[i], buf.subarray(i + 2, i + 2 + buf[i + 1]));
    i += 2 + buf[i + 1];
  }
  return out;
}
