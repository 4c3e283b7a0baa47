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
  return r;
}
