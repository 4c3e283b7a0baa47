/** The parts of a MyFatoorah v2 REFUND_STATUS_CHANGED webhook (Event.Code 2) that we read. */
export interface RefundWebhookData {
  Refund: { Id: string | number; Status: string; Reference?: string | null; InvoiceId?: string | number | null };
  Amount?: { ValueInBaseCurrency?: string | number | null } | null;
  ReferencedInvoice?: { Id?: string | number | null } | null;
}
