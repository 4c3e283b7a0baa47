/**
 * Money in SAR. Amounts are held as halalas (integer, 1 SAR = 100 halalas) while computing and rounded
 * to halalas in exactly one place, here.
 */
export const VAT_RATE = 0.15; // Saudi VAT, standard rate

// toFixed(6) first: 1.005 * 100 is 100.49999999999999 in binary floating point.
export const toHalalas = (sar: number): number => Math.round(Number((sar * 100).toFixed(6)));
export const toSar = (halalas: number): number => halalas / 100;
export const sarText = (sar: number): string => toSar(toHalalas(sar)).toFixed(2);

export interface VatBreakdown {
  subtotal: number;
  vat: number;
  total: number;
}

/** The listing price is before VAT; VAT is 15% of the subtotal rounded half-up to the halala. */
export function withVat(subtotalSar: number): VatBreakdown {
  const sub = toHalalas(subtotalSar);
  const vat = Math.round(sub * VAT_RATE);
  return { subtotal: toSar(sub), vat: toSar(vat), total: toSar(sub + vat) };
}
