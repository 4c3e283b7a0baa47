/**
 * ZATCA phase-1 (simplified tax invoice) QR payload: TLV (tag byte, length byte, UTF-8 value) for
 * 1 seller name, 2 VAT registration number, 3 timestamp (ISO 8601), 4 total with VAT, 5 VAT total; Base64.
 */
export interface ZatcaFields {
  sellerName: string;
  vatNumber: string;
  timestamp: string;
  total: string;
  vat: string;
}

function tlv(tag: number, value: string): Buffer {
  const bytes = Buffer.from(value, 'utf8');
  if (bytes.length > 255) throw new Error(`ZATCA field ${tag} is longer than 255 bytes`);
  return Buffer.concat([Buffer.from([tag, bytes.length]), bytes]);
}

/**
 * Tag 3 as the e-invoice's QR has it (its IssueDate "T" IssueTime): the Riyadh wall-clock time (UTC+3 all year) to the
 * second, without a zone. The phase-1 QR uses the same form, so a document's QR shows one time before and after its
 * e-invoice exists.
 */
export function riyadhTimestamp(d: Date): string {
  return new Date(d.getTime() + 3 * 3600_000).toISOString().slice(0, 19);
}

export function zatcaQrPayload(f: ZatcaFields): string {
  return Buffer.concat([tlv(1, f.sellerName), tlv(2, f.vatNumber), tlv(3, f.timestamp), tlv(4, f.total), tlv(5, f.vat)]).toString('base64');
}

export function decodeZatcaQr(payload: string): Record<number, string> {
  const buf = Buffer.from(payload, 'base64');
  const out: Record<number, string> = {};
  for (let i = 0; i + 2 <= buf.length;) {
    const tag = buf[i];
    const len = buf[i + 1];
    out[tag] = buf.subarray(i + 2, i + 2 + len).toString('utf8');
    i += 2 + len;
  }
  return out;
}
