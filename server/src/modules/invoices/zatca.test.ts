import { describe, expect, it } from 'vitest';
import { decodeZatcaQr, zatcaQrPayload } from './zatca.js';

describe('ZATCA phase-1 QR', () => {
  it("matches ZATCA's published example (Bobs Records)", () => {
    expect(
      zatcaQrPayload({
        sellerName: 'Bobs Records',
        vatNumber: '310122393500003',
        timestamp: '2022-04-25T15:30:00Z',
        total: '1000.00',
        vat: '150.00',
      }),
    ).toBe('AQxCb2JzIFJlY29yZHMCDzMxMDEyMjM5MzUwMDAwMwMUMjAyMi0wNC0yNVQxNTozMDowMFoEBzEwMDAuMDAFBjE1MC4wMA==');
  });
  it('counts Arabic names in bytes, not characters, and round-trips', () => {
    const payload = zatcaQrPayload({
      sellerName: 'موارد',
      vatNumber: '300000000000003',
      timestamp: '2026-11-23T10:00:00Z',
      total: '115.00',
      vat: '15.00',
    });
    const bytes = Buffer.from(payload, 'base64');
    expect(bytes[1]).toBe(Buffer.byteLength('موارد'));
    expect(decodeZatcaQr(payload)).toEqual({ 1: 'موارد', 2: '300000000000003', 3: '2026-11-23T10:00:00Z', 4: '115.00', 5: '15.00' });
  });
});
