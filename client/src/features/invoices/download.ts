import { apiFetch } from '../../lib/api';

/** GET /api/bookings/{id}/invoice.pdf with the bearer token, then saves the file (a plain link would carry no token). */
export async function downloadInvoicePdf(bookingId: string): Promise<void> {
  const res = await apiFetch(`/bookings/${encodeURIComponent(bookingId)}/invoice.pdf`);
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { detail?: string };
    throw new Error(body.detail ?? res.statusText);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'invoice.pdf';
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** How a card brand is shown: mada is its own scheme, not Visa. */
export { cardBrandLabel } from '@shared/invoices.rules';
