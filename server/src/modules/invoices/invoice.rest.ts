import { Router, type Response } from 'express';
import { route, requireUser } from '../../rest/http.js';
import { toStoredInvoice } from './invoice.types.js';
import { toStoredCommissionCreditNote, toStoredCommissionInvoice } from './commission-invoice.types.js';

/** A buyer's or host's own document as a download: never kept by a shared cache. */
function sendPrivateFile(res: Response, type: string, filename: string, body: Buffer | string) {
  res.setHeader('Content-Type', type);
  res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
  res.setHeader('Cache-Control', 'private, no-store');
  res.send(body);
}

export function invoiceRoutes(): Router {
  const r = Router();
  r.get(
    '/bookings/:id/invoice',
    // The REST body is the invoice as issued, in its stored (snake_case) names.
    route(async (req) => toStoredInvoice(await req.ctx.services.invoices.get(requireUser(req), req.params.id))),
  );
  r.get(
    '/bookings/:id/invoice.pdf',
    route(async (req, res) => {
      const { data, pdf } = await req.ctx.services.invoices.pdf(requireUser(req), req.params.id);
      sendPrivateFile(res, 'application/pdf', `invoice-${data.invoiceNumber}.pdf`, pdf);
    }),
  );
  r.get(
    '/bookings/:id/invoice.xml',
    route(async (req, res) => {
      const { number, xml } = await req.ctx.services.invoices.xml(requireUser(req), req.params.id);
      sendPrivateFile(res, 'application/xml; charset=utf-8', `invoice-${number}.xml`, xml);
    }),
  );
  r.get(
    '/service-bookings/:id/invoice',
    route(async (req) => toStoredInvoice(await req.ctx.services.invoices.getForServiceBooking(requireUser(req), req.params.id))),
  );
  r.get(
    '/service-bookings/:id/invoice.pdf',
    route(async (req, res) => {
      const { data, pdf } = await req.ctx.services.invoices.pdfForServiceBooking(requireUser(req), req.params.id);
      sendPrivateFile(res, 'application/pdf', `invoice-${data.invoiceNumber}.pdf`, pdf);
    }),
  );
  // The platform's monthly commission invoices to a host (its own; admins any). The .pdf route first: `:id` would take it.
  r.get(
    '/host/commission-invoices',
    route(async (req) => ({ items: (await req.ctx.services.commissionInvoices.list(requireUser(req))).map(toStoredCommissionInvoice) })),
  );
  r.get(
    '/host/commission-invoices/:id.pdf',
    route(async (req, res) => {
      const { data, pdf } = await req.ctx.services.commissionInvoices.pdf(requireUser(req), req.params.id);
      sendPrivateFile(res, 'application/pdf', `commission-invoice-${data.invoiceNumber}.pdf`, pdf);
    }),
  );
  // Its ZATCA e-invoice (host and admins): cleared XML when standard, signed when simplified; 404 before that.
  r.get(
    '/host/commission-invoices/:id.xml',
    route(async (req, res) => {
      const { number, xml } = await req.ctx.services.commissionInvoices.xml(requireUser(req), req.params.id);
      sendPrivateFile(res, 'application/xml; charset=utf-8', `commission-invoice-${number}.xml`, xml);
    }),
  );
  r.get(
    '/host/commission-invoices/:id',
    route(async (req) => toStoredCommissionInvoice(await req.ctx.services.commissionInvoices.get(requireUser(req), req.params.id))),
  );
  // Credit notes for commission given back on refunds after the month's invoice was issued (same readers).
  r.get(
    '/host/commission-credit-notes',
    route(async (req) => ({
      items: (await req.ctx.services.commissionInvoices.creditNotes(requireUser(req))).map(toStoredCommissionCreditNote),
    })),
  );
  r.get(
    '/host/commission-credit-notes/:id.pdf',
    route(async (req, res) => {
      const { data, pdf } = await req.ctx.services.commissionInvoices.creditNotePdf(requireUser(req), req.params.id);
      sendPrivateFile(res, 'application/pdf', `commission-credit-note-${data.creditNoteNumber}.pdf`, pdf);
    }),
  );
  r.get(
    '/host/commission-credit-notes/:id.xml',
    route(async (req, res) => {
      const { number, xml } = await req.ctx.services.commissionInvoices.creditNoteXml(requireUser(req), req.params.id);
      sendPrivateFile(res, 'application/xml; charset=utf-8', `commission-credit-note-${number}.xml`, xml);
    }),
  );
  r.get(
    '/host/commission-credit-notes/:id',
    route(async (req) =>
      toStoredCommissionCreditNote(await req.ctx.services.commissionInvoices.creditNote(requireUser(req), req.params.id)),
    ),
  );
  // ZATCA phase 2: the e-invoicing unit's state and documents, and onboarding with the portal's one-time code.
  r.get(
    '/admin/zatca',
    route(async (req) => req.ctx.services.zatca.status(requireUser(req))),
  );
  r.post(
    '/admin/zatca/onboarding',
    route(async (req) => req.ctx.services.zatca.onboard(requireUser(req), req.body)),
  );
  r.post(
    '/admin/zatca/renewal',
    route(async (req) => req.ctx.services.zatca.renew(requireUser(req), req.body)),
  );
  r.post(
    '/admin/zatca/documents/:id/resubmit',
    route(async (req) => req.ctx.services.zatca.resubmit(requireUser(req), req.params.id)),
  );
  return r;
}
