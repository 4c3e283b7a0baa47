/** Card input helpers: digits only, grouped by four, at most 19 characters (16 digits + 3 spaces). */
export const groupCardNumber = (raw: string) =>
  raw
    .replace(/\D/g, '')
    .slice(0, 16)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

export const digits = (raw: string, max: number) => raw.replace(/\D/g, '').slice(0, max);

/** Ten two-digit years from the current one (spec: "current year and next 9"). */
export const expiryYears = (now = new Date()) =>
  Array.from({ length: 10 }, (_, i) => String((now.getFullYear() + i) % 100).padStart(2, '0'));
export const expiryMonths = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));
