import { downloadFile } from '../../lib/download';

/** GET /api/bookings/{id}/invoice.pdf, saved as the file the server names. */
export const downloadInvoicePdf = (bookingId: string, service = false) =>
  downloadFile(`/${service ? 'service-bookings' : 'bookings'}/${encodeURIComponent(bookingId)}/invoice.pdf`, 'invoice.pdf');

/** How a card brand is shown: mada is its own scheme, not Visa. */
export { cardBrandLabel } from '@shared/invoices.rules';
