import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { fromStoredInvoice, toStoredInvoice, type StoredInvoice } from './invoice.types.js';
import { fromStoredCreditNote, toStoredCreditNote, type StoredCreditNote } from '../refunds/refund.types.js';
import {
  fromStoredCommissionCreditNote,
  fromStoredCommissionInvoice,
  toStoredCommissionCreditNote,
  toStoredCommissionInvoice,
  type StoredCommissionCreditNote,
  type StoredCommissionInvoice,
} from './commission-invoice.types.js';

// Issued documents never change: read in camelCase and written back, a stored one is the same document, key for key
// (an absent key stays absent: invoices issued before the company tax details or service bookings lack them).
const simplified: StoredInvoice = {
  booking_id: '0b6c4c2e-4a55-4c52-9a43-0d0c3e1f2a10',
  invoice_number: '1042',
  issued_at: '2026-11-20T10:00:00.000Z',
  currency: 'SAR',
  seller: { name: 'Mawarid', vat_number: '310122393500003', address: 'Riyadh', contact_email: 'a@b.sa', contact_phone: '+966500000000' },
  buyer: { name: 'Sara', email: 's@example.com', company_name: null },
  lines: [{ description: 'Office in Olaya', period: 'day', quantity: 2, unit_price: 200, amount: 400 }],
  subtotal: 400,
  vat_rate: 0.15,
  vat: 60,
  total: 460,
  payment: { card_brand: 'visa', card_last4: '1111', transaction_id: 't1', method: 'card' },
  booking: { start_date: '2026-11-21T06:00:00.000Z', end_date: '2026-11-23T06:00:00.000Z', status: 'confirmed' },
  qr_payload: 'AQdNYXdhcmlk',
};

const { booking_id, ...rest } = simplified;
const standard: StoredInvoice = {
  booking_id,
  service_booking_id: booking_id,
  ...rest,
  buyer: {
    name: 'Sara',
    email: 's@example.com',
    company_name: 'Al Ofoq',
    vat_number: '300000000000003',
    cr_number: null,
    national_address: {
      building_number: '1234',
      street: 'Olaya St',
      district: 'Olaya',
      city: 'Riyadh',
      postal_code: '12211',
      additional_number: null,
    },
  },
};

// Issued since the Arabic address is frozen: `address_ar` after `address` (empty when the setting was).
const withArabicAddress: StoredInvoice = {
  ...simplified,
  seller: {
    name: 'Mawarid',
    vat_number: '310122393500003',
    address: 'King Fahd Road, Riyadh',
    address_ar: 'طريق الملك فهد، الرياض',
    contact_email: 'a@b.sa',
    contact_phone: '+966500000000',
  },
};
const withEmptyArabicAddress: StoredInvoice = { ...simplified, seller: { ...withArabicAddress.seller } };
withEmptyArabicAddress.seller.address_ar = '';

describe('the stored invoice (snake_case) and the one the server reads (camelCase)', () => {
  it.each([
    ['simplified', simplified],
    ['standard, of a service booking', standard],
    ['with the Arabic address', withArabicAddress],
    ['with an empty Arabic address', withEmptyArabicAddress],
  ])('a %s invoice read and written back is the stored one', (_, stored) => {
    const read = fromStoredInvoice(stored);
    expect(read.buyer.companyName).toBe(stored.buyer.company_name);
    expect(read.lines[0].unitPrice).toBe(200);
    expect(toStoredInvoice(read)).toStrictEqual(stored);
    expect(JSON.stringify(toStoredInvoice(read))).toBe(JSON.stringify(stored));
  });

  it('reads the national address in camelCase and keeps absent keys absent', () => {
    expect(fromStoredInvoice(standard).buyer.nationalAddress).toEqual({
      buildingNumber: '1234',
      street: 'Olaya St',
      district: 'Olaya',
      city: 'Riyadh',
      postalCode: '12211',
      additionalNumber: null,
    });
    expect(Object.keys(fromStoredInvoice(simplified).buyer)).toEqual(['name', 'email', 'companyName']);
    expect('serviceBookingId' in fromStoredInvoice(simplified)).toBe(false);
  });

  it('reads the Arabic address as addressAr; a seller stored without one has none (renderings fall back to address)', () => {
    expect(fromStoredInvoice(withArabicAddress).seller).toStrictEqual({
      name: 'Mawarid',
      vatNumber: '310122393500003',
      address: 'King Fahd Road, Riyadh',
      addressAr: 'طريق الملك فهد، الرياض',
      contactEmail: 'a@b.sa',
      contactPhone: '+966500000000',
    });
    expect(fromStoredInvoice(withEmptyArabicAddress).seller.addressAr).toBe('');
    expect('addressAr' in fromStoredInvoice(simplified).seller).toBe(false);
  });

  it("gives the host's view (no payment block) in the stored names", () => {
    expect(toStoredInvoice({ ...fromStoredInvoice(simplified), payment: null })).toStrictEqual({ ...simplified, payment: null });
  });

  it('a credit note read and written back is the stored one', () => {
    const note: StoredCreditNote = {
      credit_note_number: '7',
      issued_at: '2026-11-22T10:00:00.000Z',
      currency: 'SAR',
      booking_id: simplified.booking_id,
      original_invoice_number: '1042',
      original_invoice_issued_at: '2026-11-20T10:00:00.000Z',
      reason: 'customer_cancelled',
      seller: simplified.seller,
      buyer: standard.buyer,
      lines: [{ description: 'Office in Olaya', amount: -200 }],
      subtotal: -200,
      vat_rate: 0.15,
      vat: -30,
      total: -230,
    };
    expect(JSON.stringify(toStoredCreditNote(fromStoredCreditNote(note)))).toBe(JSON.stringify(note));
    const noteAr = { ...note, seller: withArabicAddress.seller };
    expect(JSON.stringify(toStoredCreditNote(fromStoredCreditNote(noteAr)))).toBe(JSON.stringify(noteAr));
  });
});

describe('the stored commission invoice and credit note and the ones the server reads', () => {
  const host = { name: 'Host LLC', email: 'h@example.com', vat_number: '300000000000003', commercial_registration: '1010101010' };
  // Issued before refunds were netted and before the national address was frozen: those keys are absent.
  const older: StoredCommissionInvoice = {
    id: 'c1',
    invoice_number: 'COM-000001',
    month: '2026-10',
    period_start: '2026-09-30T21:00:00.000Z',
    period_end: '2026-10-31T21:00:00.000Z',
    issued_at: '2026-11-01T00:05:00.000Z',
    currency: 'SAR',
    seller: simplified.seller,
    buyer: host,
    lines: [{ description: 'Marketplace commission 2026-10 (3 payments)', amount: 150 }],
    payments_count: 3,
    gross: 1725,
    subtotal: 150,
    vat_rate: 0.15,
    vat: 22.5,
    total: 172.5,
    qr_payload: 'AQdNYXdhcmlk',
  };
  const { subtotal, vat_rate, vat, total, qr_payload, ...head } = older;
  const current: StoredCommissionInvoice = {
    ...head,
    buyer: { ...host, national_address: standard.buyer.national_address },
    refunded_commission: 10,
    refunded_vat: 1.5,
    refunds_count: 1,
    subtotal,
    vat_rate,
    vat,
    total,
    qr_payload,
  };

  it.each([
    ['issued before refunds were netted', older],
    ['with refunds netted and the national address', current],
    ['with the Arabic address', { ...current, seller: withArabicAddress.seller }],
  ])('an invoice %s read and written back is the stored one', (_, stored) => {
    const read = fromStoredCommissionInvoice(stored);
    expect(read.buyer.commercialRegistration).toBe('1010101010');
    expect(JSON.stringify(toStoredCommissionInvoice(read))).toBe(JSON.stringify(stored));
  });

  it('a credit note read and written back is the stored one', () => {
    const note: StoredCommissionCreditNote = {
      id: 'n1',
      credit_note_number: 'CCN-000001',
      issued_at: '2026-11-05T10:00:00.000Z',
      currency: 'SAR',
      month: '2026-10',
      original_invoice_id: 'c1',
      original_invoice_number: 'COM-000001',
      original_invoice_issued_at: '2026-11-01T00:05:00.000Z',
      reason: 'refund',
      refund_id: 'r1',
      booking_id: null,
      refund_amount: 460,
      seller: simplified.seller,
      buyer: current.buyer,
      lines: [{ description: 'Marketplace commission 2026-10 given back on a refund', amount: -40 }],
      subtotal: -40,
      vat_rate: 0.15,
      vat: -6,
      total: -46,
    };
    expect(JSON.stringify(toStoredCommissionCreditNote(fromStoredCommissionCreditNote(note)))).toBe(JSON.stringify(note));
    const noteAr = { ...note, seller: withArabicAddress.seller };
    expect(JSON.stringify(toStoredCommissionCreditNote(fromStoredCommissionCreditNote(noteAr)))).toBe(JSON.stringify(noteAr));
  });
});
