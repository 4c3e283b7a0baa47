import { Router, type Request } from 'express';
import { route, requireUser } from '../../rest/http.js';
import { notFound } from '../common/errors.js';
import { INVOICE_MESSAGES as IM } from '../../shared/invoices.rules.js';
import type { QuoteView } from './refund.service.js';
import { toStoredCreditNote } from './refund.types.js';

const quoteDto = (q: QuoteView) => ({
  booking_id: q.bookingId,
  policy: q.policy,
  cancelled_by: q.cancelledBy,
  can_cancel: q.canCancel,
  paid_amount: q.paidAmount,
  refund_amount: q.refundAmount,
  kept_amount: q.keptAmount,
  currency: q.currency,
  best_refund_until: q.bestRefundUntil?.toISOString() ?? null,
});

export function refundRoutes(): Router {
  const r = Router();
  r.get(
    '/bookings/:id/cancellation-quote',
    route(async (req) => quoteDto(await req.ctx.services.refunds.quote(requireUser(req), req.params.id))),
  );
  r.get(
    '/bookings/:id/credit-notes',
    // The REST body is each credit note as issued, in its stored (snake_case) names.
    route(async (req) => (await req.ctx.services.refunds.creditNotes(requireUser(req), req.params.id)).map(toStoredCreditNote)),
  );
  r.get(
    '/bookings/:id/credit-notes/:number.pdf',
    route(async (req, res) => {
      const note = await creditNote(req);
      const pdf = await req.ctx.services.invoices.creditNotePdf(note);
      res.setHeader('Content-Type', 'application/pdf');
      res.setHeader('Content-Disposition', `attachment; filename="credit-note-${note.creditNoteNumber}.pdf"`);
      res.setHeader('Cache-Control', 'private, no-store');
      res.send(pdf);
    }),
  );
  // Its ZATCA e-invoice, for the same readers as the PDF: cleared XML when standard, signed when simplified; else 404.
  r.get(
    '/bookings/:id/credit-notes/:number.xml',
    route(async (req, res) => {
      const { number, xml } = await req.ctx.services.invoices.creditNoteXml(await creditNote(req));
      res.setHeader('Content-Type', 'application/xml; charset=utf-8');
      res.setHeader('Content-Disposition', `attachment; filename="credit-note-${number}.xml"`);
      res.setHeader('Cache-Control', 'private, no-store');
      res.send(xml);
    }),
  );
  return r;
}

/** The booking's credit note the path names, as its reader may see it (the booking's buyer or an admin), or 404. */
async function creditNote(req: Request) {
  const notes = await req.ctx.services.refunds.creditNotes(requireUser(req), req.params.id);
  const note = notes.find((n) => n.creditNoteNumber === String(req.params.number));
  if (!note) throw notFound(IM.notFound);
  return note;
}
