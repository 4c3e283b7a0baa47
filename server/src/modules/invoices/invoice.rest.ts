import { Router } from 'express';
import { route, requireUser } from '../../rest/http.js';

export function invoiceRoutes(): Router {
  const r = Router();
  r.get(
    '/bookings/:id/invoice',
    route(async (req) => req.ctx.services.invoices.get(requireUser(req), req.params.id)),
  );
  r.get(
    '/bookings/:id/invoice.pdf',
    route(async (req, res) => {
      const { data, pdf } = await req.ctx.services.invoices.pdf(requireUser(req), req.params.id);
      res.setHeader('Content-Type', 'application/pdf');
      res.setHeader('Content-Disposition', `attachment; filename="invoice-${data.invoice_number}.pdf"`);
      res.setHeader('Cache-Control', 'private, no-store');
      res.send(pdf);
    }),
  );
  r.get(
    '/bookings/:id/invoice.xml',
    route(async (req, res) => {
      const { number, xml } = await req.ctx.services.invoices.xml(requireUser(req), req.params.id);
      res.setHeader('Content-Type', 'application/xml; charset=utf-8');
      res.setHeader('Content-Disposition', `attachment; filename="invoice-${number}.xml"`);
      res.setHeader('Cache-Control', 'private, no-store');
      res.send(xml);
    }),
  );
  r.get(
    '/service-bookings/:id/invoice',
    route(async (req) => req.ctx.services.invoices.getForServiceBooking(requireUser(req), req.params.id)),
  );
  r.get(
    '/service-bookings/:id/invoice.pdf',
    route(async (req, res) => {
      const { data, pdf } = await req.ctx.services.invoices.pdfForServiceBooking(requireUser(req), req.params.id);
      res.setHeader('Content-Type', 'application/pdf');
      res.setHeader('Content-Disposition', `attachment; filename="invoice-${data.invoice_number}.pdf"`);
      res.setHeader('Cache-Control', 'private, no-store');
      res.send(pdf);
    }),
  );
  // The platform's monthly commission invoices to a host (its own; admins any). The .pdf route first: `:id` would take it.
  r.get(
    '/host/commission-invoices',
    route(async (req) => ({ items: await req.ctx.services.commissionInvoices.list(requireUser(req)) })),
  );
  r.get(
    '/host/commission-invoices/:id.pdf',
    route(async (req, res) => {
      const { data, pdf } = await req.ctx.services.commissionInvoices.pdf(requireUser(req), req.params.id);
      res.setHeader('Content-Type', 'application/pdf');
      res.setHeader('Content-Disposition', `attachment; filename="commission-invoice-${data.invoice_number}.pdf"`);
      res.setHeader('Cache-Control', 'private, no-store');
      res.send(pdf);
    }),
  );
  r.get(
    '/host/commission-invoices/:id',
    route(async (req) => req.ctx.services.commissionInvoices.get(requireUser(req), req.params.id)),
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
