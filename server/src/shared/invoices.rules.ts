/** Simplified tax invoices (issue #5 "Saudi invoices"): messages shared by server and client. */
export const INVOICE_MESSAGES = {
  notFound: 'Booking not found',
  notPaid: 'This booking has no invoice yet: it is not paid',
  noEInvoice: 'This invoice has no ZATCA e-invoice (yet): standard invoices are available once ZATCA has cleared them',
} as const;

/** How a card brand is shown on invoices and receipts (mada is a brand of its own, not Visa). */
export function cardBrandLabel(brand: string | null | undefined): string {
  if (!brand) return '';
  return (
    ({ mada: 'mada', visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', unknown: 'Card' } as Record<string, string>)[
      brand
    ] ?? brand
  );
}

/** The monthly commission invoices from the platform to a host (issue #24). */
export const COMMISSION_INVOICE_MESSAGES = {
  notFound: 'Commission invoice not found',
  creditNoteNotFound: 'Commission credit note not found',
  noEInvoice: 'This document has no ZATCA e-invoice (yet): standard invoices are available once ZATCA has cleared them',
  hostsOnly: 'Only hosts have commission invoices',
} as const;

/** A standard (B2B) tax invoice: the buyer's VAT number and national address were frozen into it. */
export const isStandardInvoice = (i: { buyer: { vatNumber?: string | null; nationalAddress?: unknown } }) =>
  !!(i.buyer.vatNumber && i.buyer.nationalAddress);

/**
 * The seller's address as a rendering in `lang` prints it: Arabic prints the Arabic address frozen at issue, or the
 * English one when that is empty or the document was issued without it; English always prints the English one.
 */
export const sellerAddressIn = (seller: { address: string; addressAr?: string | null }, lang: string): string =>
  (lang === 'ar' && seller.addressAr?.trim()) || seller.address;
