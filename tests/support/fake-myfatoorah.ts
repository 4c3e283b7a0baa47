/**
 * A local MyFatoorah: speaks the v2 HTTP API as its documentation shows (envelope
 * {IsSuccess, Message, ValidationErrors, Data}), so our real client is tested without the internet.
 * Cards: 5123450000000008 and 4508750015741019 succeed (MyFatoorah's test cards); 4000000000000002 is
 * declined for insufficient funds; any other number is declined.
 *
 * Methods: InitiatePayment lists VISA/MASTER (id 2, 'vm'), MADA (id 6, 'md') and a direct method (id 20, 'vmd');
 * `disabledMethods` leaves some out (a merchant without them). ExecutePayment refuses a method not enabled and
 * records the PaymentMethodId on the invoice; its hosted page is paid with a card of that method (MADA: the mada
 * test card 4464040000000007; VISA/MASTER: the Visa test card), reported masked with PaymentGateway as MyFatoorah does.
 *
 * Knobs for failure tests: `slow(endpoint, ms)` makes the next call(s) to an endpoint do their work (a direct
 * payment still charges the card; an ExecutePayment still creates the invoice and takes a frictionless payment; a
 * refund is still made) and answer only after `ms` — a gateway that times out on the caller;
 * `rejectNext(endpoint, errors)` answers the next call with MyFatoorah's validation-error envelope (HTTP 400);
 * `loseNext(endpoint)` receives the next call and neither does its work nor answers (lost on MyFatoorah's side).
 *
 * Embedded Payment: InitiateSession answers a session (GUID, CountryCode SAU); `enterCard(sessionId, number)` is the
 * customer typing a card into MyFatoorah's form. ExecutePayment with that SessionId then: 5123450000000008 (and
 * mada 4464040000000007) need a 3-D Secure challenge (invoice pending, PaymentURL = the hosted page /pay/:id);
 * 4508750015741019 is paid frictionless; 4000000000000002 is declined; a session without a card or used twice is
 * refused. Webhooks are v2 and signed per event (`sendWebhook` for payments, `sendEvent` for any other).
 *
 * Multi-Vendors: CreateSupplier / EditSupplier (JSON POST), UploadSupplierDocument (multipart PUT) and
 * GetSupplierDeposits (GET) keep suppliers in `suppliers`; every request is in `requests` (a multipart body as its
 * fields, the file as {FileName, MediaType, Size}), so a test reads the exact Suppliers[] an ExecutePayment carried.
 * `sendSupplierWebhook` posts a signed v2 SUPPLIER_STATUS_CHANGED, `sendSupplierUpdateWebhook` the decision on an
 * edit (SUPPLIER_UPDATE_REQUEST_CHANGED); `addDeposit` records a deposit to a supplier.
 * TransferBalance moves an amount to (`push`) or from (`pull`) an approved supplier's balance, kept in its `transfers`
 * (a positive TransferAmount, a known supplier and a known type, else a validation error).
 *
 * GetPaymentStatus takes KeyType InvoiceId, PaymentId or CustomerReference (the reference ExecutePayment carried; with
 * several invoices under one reference, the latest one), as MyFatoorah's Payment Inquiry documents; an unknown key
 * is a validation error.
 *
 * Refunds: MakeRefund (Amount) for any paid invoice; MakeSupplierRefund for an invoice paid with Suppliers[]: the
 * refund is VendorDeductAmount + each SupplierDeductedAmount, every supplier must be on the invoice and give back at
 * most its ProposedShare (less what it already gave back), and the total at most what is left of the invoice.
 */
import { createServer, type Server } from 'node:http';
import { createHmac, randomUUID } from 'node:crypto';

/**
 * The gateway signs each v2 event on its own, not with our verifier: the fields and order of MyFatoorah's PHP library
 * (`MyFatoorahWebhook::getV2DataModel`, by event code) written `Path=value`, joined by commas, null as empty,
 * Base64 HMAC-SHA256 keyed with the secret (docs.myfatoorah.com/docs/webhook-signature). Code 7 is not in the
 * library: the supplier's code and the request's decision, as recorded in docs/decisions.md.
 */
const V2_SIGNED: Record<string, { code: number; fields: string[] }> = {
  PAYMENT_STATUS_CHANGED: {
    code: 1,
    fields: ['Invoice.Id', 'Invoice.Status', 'Transaction.Status', 'Transaction.PaymentId', 'Invoice.ExternalIdentifier'],
  },
  REFUND_STATUS_CHANGED: { code: 2, fields: ['Refund.Id', 'Refund.Status', 'Amount.ValueInBaseCurrency', 'ReferencedInvoice.Id'] },
  BALANCE_TRANSFERRED: { code: 3, fields: ['Deposit.Reference', 'Deposit.ValueInBaseCurrency', 'Deposit.NumberOfTransactions'] },
  SUPPLIER_STATUS_CHANGED: { code: 4, fields: ['Supplier.Code', 'KycDecision.Status'] },
  RECURRING_STATUS_CHANGED: { code: 5, fields: ['Recurring.Id', 'Recurring.Status', 'Recurring.InitialInvoiceId'] },
  SUPPLIER_UPDATE_REQUEST_CHANGED: { code: 7, fields: ['Supplier.Code', 'RequestStatus.Status'] },
};
function webhookSignature(name: string, data: unknown, secret: string): string {
  const value = (path: string) => {
    let v: any = data;
    for (const k of path.split('.')) v = v === null || v === undefined ? undefined : v[k];
    return v === null || v === undefined ? '' : String(v);
  };
  const text = (V2_SIGNED[name]?.fields ?? []).map((f) => `${f}=${value(f)}`).join(',');
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(text, 'utf8').digest('base64');
}

interface Invoice {
  InvoiceId: number;
  InvoiceValue: number;
  InvoiceStatus: 'Pending' | 'Paid' | 'Failed' | 'Canceled';
  CustomerReference: string;
  CustomerName: string;
  CustomerEmail: string;
  CallBackUrl: string;
  ErrorUrl: string;
  PaymentMethodId: number;
  transactions: Array<{
    TransactionId: string;
    PaymentId: string;
    TransactionStatus: string;
    Error: string | null;
    PaymentGateway?: string;
    CardNumber?: string;
  }>;
  directToken: string;
  SessionId?: string;
  /** Multi-Vendors: the Suppliers[] ExecutePayment carried (whose balances a MakeSupplierRefund deducts from). */
  Suppliers: Array<{ SupplierCode: number; InvoiceShare: number; ProposedShare: number }>;
}

const METHODS = [
  { PaymentMethodId: 2, PaymentMethodEn: 'VISA/MASTER', PaymentMethodCode: 'vm', IsDirectPayment: false },
  { PaymentMethodId: 6, PaymentMethodEn: 'MADA', PaymentMethodCode: 'md', IsDirectPayment: false },
  { PaymentMethodId: 20, PaymentMethodEn: 'Visa/Master Direct', PaymentMethodCode: 'vmd', IsDirectPayment: true },
];

/** The card the hosted page is paid with, per PaymentMethodId (as the customer would type it on that method's page). */
const HOSTED_CARD: Record<number, { gateway: string; number: string }> = {
  2: { gateway: 'VISA/MASTER', number: '4508750015741019' },
  6: { gateway: 'MADA', number: '4464040000000007' },
};

/** The fields of a multipart/form-data body; a file field becomes {FileName, MediaType, Size}. */
function parseMultipart(buf: Buffer, type: string): Record<string, any> {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(type);
  const out: Record<string, any> = {};
  if (!boundary) return out;
  const text = buf.toString('latin1');
  for (const part of text.split(`--${boundary[1] ?? boundary[2]}`)) {
    const head = part.indexOf('\r\n\r\n');
    if (head < 0) continue;
    const headers = part.slice(0, head);
    const name = /name="([^"]*)"/.exec(headers)?.[1];
    if (!name) continue;
    const value = part.slice(head + 4).replace(/\r\n$/, '');
    const file = /filename="([^"]*)"/.exec(headers);
    out[name] = file
      ? { FileName: file[1], MediaType: /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1] ?? '', Size: Buffer.from(value, 'latin1').length }
      : value;
  }
  return out;
}

export async function startFakeMyFatoorah(opts: { apiKey?: string; disabledMethods?: string[] } = {}) {
  const apiKey = opts.apiKey ?? 'fake-myfatoorah-key';
  const enabled = () => METHODS.filter((m) => !(opts.disabledMethods ?? []).includes(m.PaymentMethodCode));
  const invoices = new Map<number, Invoice>();
  const HOSTED_CARD_BY_INVOICE = new Map<number, { gateway: string; number: string }>();
  const suppliers = new Map<
    number,
    {
      body: any;
      status: 'PENDING' | 'APPROVED' | 'REJECTED';
      documents: any[];
      deposits: any[];
      transfers: Array<{ InvoiceId: number; TransferAmount: number; TransferType: 'push' | 'pull'; InternalNotes: string }>;
    }
  >();
  let nextSupplier = 501;
  const requests: Array<{ path: string; body: any }> = [];
  /** Refunds made by MakeRefund: PENDING until `settleRefund` (as MyFatoorah's take a while), then REFUNDED or CANCELED. */
  const refunds = new Map<
    number,
    {
      RefundId: number;
      InvoiceId: number;
      Amount: number;
      Comment: string;
      /** What the request carried as ExternalIdentifier (MyFatoorah returns it in the refund webhook). */
      ExternalIdentifier?: string;
      Status: 'PENDING' | 'REFUNDED' | 'CANCELED';
      /** MakeSupplierRefund only: what the vendor and each supplier give back. */
      VendorDeductAmount?: number;
      Suppliers?: Array<{ SupplierCode: number; SupplierDeductedAmount: number }>;
    }
  >();
  let nextRefund = 9000;
  let nextInvoice = 100000;
  let nextPayment = 7000000;
  let url = '';
  type Endpoint =
    | 'InitiatePayment'
    | 'ExecutePayment'
    | 'DirectPayment'
    | 'GetPaymentStatus'
    | 'InitiateSession'
    | 'MakeRefund'
    | 'MakeSupplierRefund'
    | 'GetRefundStatus'
    | 'TransferBalance';
  const sessions = new Map<string, { card: string | null; used: boolean }>();
  const slow: Array<{ endpoint: Endpoint; ms: number; times: number }> = [];
  const rejects: Array<{ endpoint: Endpoint; errors: Array<{ Name: string; Error: string }> }> = [];
  const lost: Array<{ endpoint: Endpoint }> = [];
  const endpointOf = (path: string): Endpoint | null =>
    (/^\/v2\/(InitiatePayment|ExecutePayment|DirectPayment|GetPaymentStatus|InitiateSession|MakeRefund|MakeSupplierRefund|GetRefundStatus|TransferBalance)\b/.exec(
      path,
    )?.[1] as Endpoint) ?? null;
  const take = <T extends { endpoint: Endpoint; times?: number }>(list: T[], path: string): T | undefined => {
    const e = endpointOf(path);
    const i = list.findIndex((x) => x.endpoint === e);
    if (i < 0) return undefined;
    const found = list[i];
    if (found.times === undefined || --found.times <= 0) list.splice(i, 1);
    return found;
  };

  const ok = (Data: unknown) => ({ IsSuccess: true, Message: '', ValidationErrors: null, Data });
  const fail = (Message: string, ValidationErrors: Array<{ Name: string; Error: string }> | null = null) => ({
    IsSuccess: false,
    Message,
    ValidationErrors,
    Data: null,
  });

  const settle = (inv: Invoice, success: boolean, error: string | null, card?: { gateway: string; number: string }) => {
    const PaymentId = String(nextPayment++);
    const masked = card ? { PaymentGateway: card.gateway, CardNumber: `${card.number.slice(0, 6)}xxxxxx${card.number.slice(-4)}` } : {};
    inv.transactions.push({
      TransactionId: String(nextPayment),
      PaymentId,
      TransactionStatus: success ? 'Succss' : 'Failed',
      Error: error,
      ...masked,
    });
    inv.InvoiceStatus = success ? 'Paid' : inv.InvoiceStatus === 'Paid' ? 'Paid' : 'Pending';
    return PaymentId;
  };

  const server: Server = createServer((req, res) => {
    let raw = '';
    const chunks: Buffer[] = [];
    const rawBuf = () => Buffer.concat(chunks);
    req.on('data', (c: Buffer) => {
      chunks.push(c);
      raw += c;
    });
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0];
      if (req.headers.authorization === `Bearer ${apiKey}` && take(lost, path)) {
        requests.push({ path, body: raw ? JSON.parse(raw) : null });
        return; // never answered: the caller times out
      }
      const delay = req.headers.authorization === `Bearer ${apiKey}` ? (take(slow, path)?.ms ?? 0) : 0;
      const send = (status: number, body: unknown, type = 'application/json') => {
        const write = () => {
          if (res.destroyed) return; // the caller gave up waiting
          res.writeHead(status, { 'content-type': type });
          res.end(typeof body === 'string' ? body : JSON.stringify(body));
        };
        if (delay) setTimeout(write, delay);
        else write();
      };

      // Hosted payment page: the browser lands here and the "customer" pays or fails.
      const page = /^\/pay\/(\d+)$/.exec(path);
      if (req.method === 'GET' && page) {
        const inv = invoices.get(Number(page[1]));
        if (!inv) return send(404, 'Unknown invoice', 'text/plain');
        return send(
          200,
          `<!doctype html><html><body><h1>MyFatoorah test payment</h1><p>Invoice ${inv.InvoiceId}: ${inv.InvoiceValue} SAR</p>
<form method="post" action="/pay/${inv.InvoiceId}/succeed"><button>Pay now</button></form>
<form method="post" action="/pay/${inv.InvoiceId}/fail"><button>Fail payment</button></form></body></html>`,
          'text/html',
        );
      }
      const act = /^\/pay\/(\d+)\/(succeed|fail)$/.exec(path);
      if (req.method === 'POST' && act) {
        const inv = invoices.get(Number(act[1]));
        if (!inv) return send(404, 'Unknown invoice', 'text/plain');
        const success = act[2] === 'succeed';
        const paymentId = settle(
          inv,
          success,
          success ? null : 'Declined by issuer',
          success ? (HOSTED_CARD_BY_INVOICE.get(inv.InvoiceId) ?? HOSTED_CARD[inv.PaymentMethodId]) : undefined,
        );
        const target = new URL(success ? inv.CallBackUrl : inv.ErrorUrl);
        target.searchParams.set('paymentId', paymentId);
        target.searchParams.set('Id', paymentId);
        res.writeHead(302, { location: target.toString() });
        return res.end();
      }

      if (req.headers.authorization !== `Bearer ${apiKey}`)
        return send(401, { Message: 'Authorization has been denied for this request.' });
      let body: any = {};
      const type = String(req.headers['content-type'] ?? '');
      if (type.startsWith('multipart/form-data')) body = parseMultipart(rawBuf(), type);
      else if (req.method === 'GET') body = Object.fromEntries(new URL(req.url ?? '', 'http://x').searchParams);
      else
        try {
          body = raw ? JSON.parse(raw) : {};
        } catch {
          return send(400, fail('Invalid request body'));
        }
      requests.push({ path, body });
      const rejected = take(rejects, path);
      if (rejected) return send(400, fail('Invalid data', rejected.errors));

      if (path === '/v2/InitiatePayment') {
        if (!(Number(body.InvoiceAmount) > 0))
          return send(400, fail('Invalid data', [{ Name: 'InvoiceAmount', Error: 'The invoice amount must be greater than zero' }]));
        return send(
          200,
          ok({
            PaymentMethods: enabled().map((m) => ({
              ...m,
              TotalAmount: body.InvoiceAmount,
              CurrencyIso: body.CurrencyIso ?? 'SAR',
              ServiceCharge: 0,
            })),
          }),
        );
      }
      if (path === '/v2/InitiateSession') {
        const SessionId = randomUUID();
        sessions.set(SessionId, { card: null, used: false });
        return send(200, ok({ SessionId, CountryCode: 'SAU', CustomerTokens: [] }));
      }
      if (path === '/v2/ExecutePayment' && body.SessionId !== undefined) {
        const session = sessions.get(String(body.SessionId));
        if (!session || session.used || !session.card)
          return send(400, fail('Invalid data', [{ Name: 'SessionId', Error: 'Invalid or expired session' }]));
        if (!(Number(body.InvoiceValue) > 0))
          return send(400, fail('Invalid data', [{ Name: 'InvoiceValue', Error: 'The invoice value must be greater than zero' }]));
        session.used = true;
        const card = session.card;
        const inv: Invoice = {
          InvoiceId: nextInvoice++,
          InvoiceValue: Number(body.InvoiceValue),
          InvoiceStatus: 'Pending',
          CustomerReference: body.CustomerReference ?? '',
          CustomerName: body.CustomerName ?? '',
          CustomerEmail: body.CustomerEmail ?? '',
          CallBackUrl: body.CallBackUrl,
          ErrorUrl: body.ErrorUrl,
          PaymentMethodId: card.startsWith('446404') ? 6 : 2,
          transactions: [],
          directToken: randomUUID(),
          SessionId: String(body.SessionId),
          Suppliers: Array.isArray(body.Suppliers) ? body.Suppliers : [],
        };
        invoices.set(inv.InvoiceId, inv);
        const gateway = { gateway: card.startsWith('446404') ? 'MADA' : 'VISA/MASTER', number: card };
        if (card === '4508750015741019') settle(inv, true, null, gateway);
        else if (!['5123450000000008', '4464040000000007'].includes(card)) settle(inv, false, 'Insufficient Funds');
        // 3-D Secure: the browser goes to the challenge (our hosted page stands in for the bank's), paid with this card.
        HOSTED_CARD_BY_INVOICE.set(inv.InvoiceId, gateway);
        return send(
          200,
          ok({
            InvoiceId: inv.InvoiceId,
            IsDirectPayment: false,
            PaymentURL: `${url}/pay/${inv.InvoiceId}`,
            CustomerReference: inv.CustomerReference,
          }),
        );
      }
      if (path === '/v2/ExecutePayment') {
        const errors = [];
        if (!(Number(body.InvoiceValue) > 0)) errors.push({ Name: 'InvoiceValue', Error: 'The invoice value must be greater than zero' });
        if (!enabled().some((m) => m.PaymentMethodId === body.PaymentMethodId))
          errors.push({ Name: 'PaymentMethodId', Error: 'Invalid payment method' });
        if (!body.CallBackUrl || !body.ErrorUrl) errors.push({ Name: 'CallBackUrl', Error: 'Callback and error URLs are required' });
        if (errors.length) return send(400, fail('Invalid data', errors));
        const inv: Invoice = {
          InvoiceId: nextInvoice++,
          InvoiceValue: Number(body.InvoiceValue),
          InvoiceStatus: 'Pending',
          CustomerReference: body.CustomerReference ?? '',
          CustomerName: body.CustomerName ?? '',
          CustomerEmail: body.CustomerEmail ?? '',
          CallBackUrl: body.CallBackUrl,
          ErrorUrl: body.ErrorUrl,
          PaymentMethodId: body.PaymentMethodId,
          transactions: [],
          directToken: randomUUID(),
          Suppliers: Array.isArray(body.Suppliers) ? body.Suppliers : [],
        };
        invoices.set(inv.InvoiceId, inv);
        const direct = METHODS.find((m) => m.PaymentMethodId === body.PaymentMethodId)!.IsDirectPayment;
        return send(
          200,
          ok({
            InvoiceId: inv.InvoiceId,
            IsDirectPayment: direct,
            PaymentURL: direct ? `${url}/v2/DirectPayment/${inv.directToken}/${body.PaymentMethodId}` : `${url}/pay/${inv.InvoiceId}`,
            CustomerReference: inv.CustomerReference,
          }),
        );
      }
      const direct = /^\/v2\/DirectPayment\/([\w-]+)\/(\d+)$/.exec(path);
      if (direct) {
        const inv = [...invoices.values()].find((i) => i.directToken === direct[1]);
        if (!inv) return send(404, fail('Invalid payment token'));
        const card = body.Card ?? {};
        if (!card.Number || !card.ExpiryMonth || !card.ExpiryYear || !card.SecurityCode)
          return send(400, fail('Invalid data', [{ Name: 'Card', Error: 'Card details are required' }]));
        const success = ['5123450000000008', '4508750015741019'].includes(card.Number);
        const error = success ? null : card.Number === '4000000000000002' ? 'Insufficient Funds' : 'Declined';
        const PaymentId = settle(inv, success, error);
        return send(200, ok({ Status: success ? 'SUCCESS' : 'FAILED', ErrorMessage: error, PaymentId, Token: null, PaymentURL: null }));
      }
      if (path === '/v2/GetPaymentStatus') {
        const inv =
          body.KeyType === 'InvoiceId'
            ? invoices.get(Number(body.Key))
            : body.KeyType === 'PaymentId'
              ? [...invoices.values()].find((i) => i.transactions.some((t) => t.PaymentId === String(body.Key)))
              : body.KeyType === 'CustomerReference'
                ? [...invoices.values()].filter((i) => i.CustomerReference && i.CustomerReference === String(body.Key)).at(-1)
                : undefined;
        if (!inv) return send(400, fail('Invalid key', [{ Name: 'Key', Error: 'Invoice not found' }]));
        return send(
          200,
          ok({
            InvoiceId: inv.InvoiceId,
            InvoiceStatus: inv.InvoiceStatus,
            InvoiceValue: inv.InvoiceValue,
            CustomerReference: inv.CustomerReference,
            InvoiceTransactions: inv.transactions.map((t) => ({
              ...t,
              PaidCurrency: 'SAR',
              PaidCurrencyValue: inv.InvoiceValue,
              ErrorCode: t.Error ? 'MF001' : null,
            })),
          }),
        );
      }
      if (path === '/v2/MakeRefund') {
        const inv =
          body.KeyType === 'InvoiceId'
            ? invoices.get(Number(body.Key))
            : [...invoices.values()].find((i) => i.transactions.some((t) => t.PaymentId === String(body.Key)));
        if (!inv) return send(400, fail('Invalid data', [{ Name: 'Key', Error: 'Invoice not found' }]));
        if (inv.InvoiceStatus !== 'Paid') return send(400, fail('Only paid invoices can be refunded'));
        const already = [...refunds.values()].filter((r) => r.InvoiceId === inv.InvoiceId && r.Status !== 'CANCELED');
        const left = inv.InvoiceValue - already.reduce((a, r) => a + r.Amount, 0);
        if (!(Number(body.Amount) > 0) || Number(body.Amount) > left + 1e-9)
          return send(400, fail('Invalid data', [{ Name: 'Amount', Error: 'The refund amount is more than the remaining paid amount' }]));
        const refund = {
          RefundId: nextRefund++,
          InvoiceId: inv.InvoiceId,
          Amount: Number(body.Amount),
          Comment: String(body.Comment ?? ''),
          ExternalIdentifier: body.ExternalIdentifier === undefined ? undefined : String(body.ExternalIdentifier),
          Status: 'PENDING' as const,
        };
        refunds.set(refund.RefundId, refund);
        return send(
          200,
          ok({
            Key: body.Key,
            RefundId: refund.RefundId,
            RefundReference: `R${refund.RefundId}`,
            Amount: refund.Amount,
            Comment: refund.Comment,
          }),
        );
      }
      if (path === '/v2/MakeSupplierRefund') {
        const inv =
          body.KeyType === 'InvoiceId'
            ? invoices.get(Number(body.Key))
            : [...invoices.values()].find((i) => i.transactions.some((t) => t.PaymentId === String(body.Key)));
        if (!inv) return send(400, fail('Invalid data', [{ Name: 'Key', Error: 'Invoice not found' }]));
        if (inv.InvoiceStatus !== 'Paid') return send(400, fail('Only paid invoices can be refunded'));
        if (!inv.Suppliers.length) return send(400, fail('This invoice has no supplier information'));
        const parts: Array<{ SupplierCode: number; SupplierDeductedAmount: number }> = Array.isArray(body.Suppliers) ? body.Suppliers : [];
        const vendor = Number(body.VendorDeductAmount ?? 0);
        const already = [...refunds.values()].filter((r) => r.InvoiceId === inv.InvoiceId && r.Status !== 'CANCELED');
        for (const part of parts) {
          const on = inv.Suppliers.find((x) => x.SupplierCode === Number(part.SupplierCode));
          if (!on) return send(400, fail('Invalid data', [{ Name: 'SupplierCode', Error: 'The supplier is not on this invoice' }]));
          const given = already.reduce(
            (a, r) =>
              a + (r.Suppliers ?? []).filter((x) => x.SupplierCode === on.SupplierCode).reduce((b, x) => b + x.SupplierDeductedAmount, 0),
            0,
          );
          if (!(Number(part.SupplierDeductedAmount) >= 0) || Number(part.SupplierDeductedAmount) > on.ProposedShare - given + 1e-9)
            return send(
              400,
              fail('Invalid data', [{ Name: 'SupplierDeductedAmount', Error: "The amount is more than the supplier's share" }]),
            );
        }
        const total = Math.round((vendor + parts.reduce((a, x) => a + Number(x.SupplierDeductedAmount), 0)) * 1000) / 1000;
        const left = inv.InvoiceValue - already.reduce((a, r) => a + r.Amount, 0);
        if (!(vendor >= 0) || !(total > 0) || total > left + 1e-9)
          return send(400, fail('Invalid data', [{ Name: 'Amount', Error: 'The refund amount is more than the remaining paid amount' }]));
        const refund = {
          RefundId: nextRefund++,
          InvoiceId: inv.InvoiceId,
          Amount: total,
          Comment: String(body.Comment ?? ''),
          ExternalIdentifier: body.ExternalIdentifier === undefined ? undefined : String(body.ExternalIdentifier),
          Status: 'PENDING' as const,
          VendorDeductAmount: vendor,
          Suppliers: parts.map((x) => ({ SupplierCode: Number(x.SupplierCode), SupplierDeductedAmount: Number(x.SupplierDeductedAmount) })),
        };
        refunds.set(refund.RefundId, refund);
        return send(
          200,
          ok({
            Key: body.Key,
            RefundId: refund.RefundId,
            RefundReference: `R${refund.RefundId}`,
            Amount: refund.Amount,
            Comment: refund.Comment,
          }),
        );
      }
      if (path === '/v2/GetRefundStatus') {
        // KeyType InvoiceId (every refund of the invoice), RefundId or RefundReference, as documented.
        const list =
          body.KeyType === 'InvoiceId'
            ? [...refunds.values()].filter((r) => r.InvoiceId === Number(body.Key))
            : body.KeyType === 'RefundReference'
              ? [...refunds.values()].filter((r) => `R${r.RefundId}` === String(body.Key))
              : body.KeyType === 'RefundId'
                ? [refunds.get(Number(body.Key))].filter((r) => !!r)
                : [];
        if (!list.length) return send(400, fail('Invalid data', [{ Name: 'Key', Error: 'Refund not found' }]));
        return send(
          200,
          ok({
            RefundStatusResult: list.map((r) => ({
              RefundId: r.RefundId,
              RefundStatus: r.Status,
              InvoiceId: r.InvoiceId,
              Amount: r.Amount,
              RefundReference: `R${r.RefundId}`,
            })),
          }),
        );
      }
      if (path === '/v2/CreateSupplier' || path === '/v2/EditSupplier') {
        const errors = [];
        for (const f of ['SupplierName', 'Mobile', 'Email']) if (!body[f]) errors.push({ Name: f, Error: `${f} is required` });
        if (body.Iban !== undefined && !/^SA\d{22}$/.test(String(body.Iban))) errors.push({ Name: 'Iban', Error: 'Invalid IBAN' });
        const editing = path === '/v2/EditSupplier';
        if (editing && !suppliers.has(Number(body.SupplierCode))) errors.push({ Name: 'SupplierCode', Error: 'Supplier not found' });
        if (errors.length) return send(400, fail('Invalid data', errors));
        if (editing) {
          const sup = suppliers.get(Number(body.SupplierCode))!;
          sup.body = body;
          return send(200, ok({ SupplierCode: Number(body.SupplierCode) }));
        }
        const code = nextSupplier++;
        suppliers.set(code, { body, status: 'PENDING', documents: [], deposits: [], transfers: [] });
        return send(200, ok({ SupplierCode: code }));
      }
      if (path === '/v2/UploadSupplierDocument') {
        if (req.method !== 'PUT') return send(405, fail('Method not allowed'));
        const sup = suppliers.get(Number(body.SupplierCode));
        if (!sup) return send(400, fail('Invalid data', [{ Name: 'SupplierCode', Error: 'Supplier not found' }]));
        if (!body.FileUpload?.Size) return send(400, fail('Invalid data', [{ Name: 'FileUpload', Error: 'The file is required' }]));
        sup.documents.push({ FileType: Number(body.FileType), ...body.FileUpload });
        return send(200, ok(null));
      }
      if (path === '/v2/GetSupplierDeposits') {
        const sup = suppliers.get(Number(body.SupplierCode));
        if (!sup) return send(400, fail('Invalid data', [{ Name: 'SupplierCode', Error: 'Supplier not found' }]));
        return send(200, ok({ Records: sup.deposits.length, Data: sup.deposits }));
      }
      if (path === '/v2/TransferBalance') {
        const sup = suppliers.get(Number(body.SupplierCode));
        const errors = [];
        if (!sup) errors.push({ Name: 'SupplierCode', Error: 'Supplier not found' });
        else if (sup.status !== 'APPROVED') errors.push({ Name: 'SupplierCode', Error: 'The supplier is not approved' });
        if (!(Number(body.TransferAmount) > 0)) errors.push({ Name: 'TransferAmount', Error: 'The amount must be greater than zero' });
        if (body.TransferType !== 'push' && body.TransferType !== 'pull')
          errors.push({ Name: 'TransferType', Error: 'Invalid transfer type' });
        if (errors.length) return send(400, fail('Invalid data', errors));
        const InvoiceId = nextInvoice++;
        sup!.transfers.push({
          InvoiceId,
          TransferAmount: Number(body.TransferAmount),
          TransferType: body.TransferType,
          InternalNotes: String(body.InternalNotes ?? ''),
        });
        return send(200, {
          IsSuccess: true,
          Message: 'The balance transferred successfully',
          FieldsErrors: null,
          Data: { InvoiceId, Date: new Date().toISOString() },
        });
      }
      return send(404, fail('Not found'));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

  return {
    url,
    apiKey,
    invoices,
    requests,
    /** The next `times` calls to `endpoint` do their work but answer only after `ms` milliseconds. */
    slow(endpoint: Endpoint, ms: number, times = 1) {
      slow.push({ endpoint, ms, times });
    },
    /** The next call to `endpoint` is refused with these validation errors, as MyFatoorah answers bad input. */
    rejectNext(endpoint: Endpoint, errors: Array<{ Name: string; Error: string }>) {
      rejects.push({ endpoint, errors });
    },
    /** The next call to `endpoint` is received but neither done nor answered (the caller times out). */
    loseNext(endpoint: Endpoint) {
      lost.push({ endpoint });
    },
    /** Lets the merchant's enabled methods change between tests (codes such as 'md'). */
    setDisabledMethods(codes: string[]) {
      opts.disabledMethods = codes;
    },
    /** The customer types `number` into MyFatoorah's embedded form for this session (the card stays at the gateway). */
    enterCard(sessionId: string, number: string) {
      const s = sessions.get(sessionId);
      if (!s) throw new Error(`unknown session ${sessionId}`);
      s.card = number;
    },
    /** Posts a signed (or, with secret null, unsigned) v2 event of any type; `tamper` changes Data after signing. */
    async sendEvent(
      target: string,
      name: string,
      data: Record<string, any>,
      secret: string | null,
      opts: { tamper?: (d: any) => void } = {},
    ) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (secret) headers['myfatoorah-signature'] = webhookSignature(name, data, secret);
      opts.tamper?.(data);
      const res = await fetch(target, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          Event: {
            Code: V2_SIGNED[name]?.code ?? 0,
            Name: name,
            CountryIsoCode: 'SAU',
            CreationDate: new Date().toISOString(),
            Reference: `WH-${randomUUID()}`,
          },
          Data: data,
        }),
      });
      return { status: res.status, body: await res.text() };
    },
    /** Marks an invoice paid on the gateway side without the browser coming back (then send the webhook). */
    payBehindTheScenes(invoiceId: number, card?: { gateway: string; number: string }) {
      const inv = invoices.get(invoiceId)!;
      return settle(inv, true, null, card);
    },
    /** Posts a MyFatoorah v2 PAYMENT_STATUS_CHANGED webhook for an invoice, signed with `secret` (or unsigned). */
    async sendWebhook(target: string, invoiceId: number, secret: string | null, opts: { tamper?: boolean } = {}) {
      const inv = invoices.get(invoiceId)!;
      const last = inv.transactions.at(-1);
      const success = last?.TransactionStatus === 'Succss';
      const Data = {
        Invoice: {
          Id: String(inv.InvoiceId),
          Status: inv.InvoiceStatus.toUpperCase(),
          Reference: `2026${inv.InvoiceId}`,
          CreationDate: new Date().toISOString(),
          ExternalIdentifier: null,
          UserDefinedField: null,
        },
        Transaction: {
          Id: last?.TransactionId ?? '',
          Status: success ? 'SUCCESS' : 'FAILED',
          PaymentMethod: last?.PaymentGateway ?? (inv.PaymentMethodId === 6 ? 'MADA' : 'VISA/MASTER'),
          PaymentId: last?.PaymentId ?? '',
          ReferenceId: last?.TransactionId ?? '',
          TrackId: last?.TransactionId ?? '',
          AuthorizationId: '123456',
          TransactionDate: new Date().toISOString(),
          Error: { Code: success ? '' : 'MF001', Message: last?.Error ?? '' },
        },
        Customer: { Name: inv.CustomerName, Email: inv.CustomerEmail, Mobile: '', Reference: inv.CustomerReference },
        Amount: {
          BaseCurrency: 'KWD',
          ValueInBaseCurrency: String(inv.InvoiceValue),
          DisplayCurrency: 'SAR',
          ValueInDisplayCurrency: String(inv.InvoiceValue),
          PayCurrency: 'SAR',
          ValueInPayCurrency: String(inv.InvoiceValue),
        },
      };
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (secret) headers['myfatoorah-signature'] = webhookSignature('PAYMENT_STATUS_CHANGED', Data, secret);
      if (opts.tamper) Data.Transaction.Status = success ? 'FAILED' : 'SUCCESS';
      const res = await fetch(target, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          EventType: 1,
          Event: {
            Code: 1,
            Name: 'PAYMENT_STATUS_CHANGED',
            CountryIsoCode: 'SAU',
            CreationDate: new Date().toISOString(),
            Reference: `WH-${inv.InvoiceId}`,
          },
          Data,
        }),
      });
      return { status: res.status, body: await res.text() };
    },
    refunds,
    /** The gateway finishes a refund (REFUNDED, or CANCELED when it could not be made); then send the webhook or not. */
    settleRefund(refundId: number, status: 'REFUNDED' | 'CANCELED' = 'REFUNDED') {
      refunds.get(refundId)!.Status = status;
    },
    /** Posts a v2 REFUND_STATUS_CHANGED webhook (Event.Code 2) for a refund, signed with `secret`. */
    async sendRefundWebhook(target: string, refundId: number, secret: string | null, opts: { tamper?: boolean } = {}) {
      const r = refunds.get(refundId)!;
      const Data = {
        Refund: {
          Id: r.RefundId,
          Reference: `R${r.RefundId}`,
          Status: r.Status,
          InvoiceId: String(r.InvoiceId),
          CreationDate: new Date().toISOString(),
        },
        Amount: {
          BaseCurrency: 'SAR',
          ValueInBaseCurrency: String(r.Amount),
          DisplayCurrency: 'SAR',
          ValueInDisplayCurrency: String(r.Amount),
        },
        ReferencedInvoice: { Id: String(r.InvoiceId) },
      };
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (secret) headers['myfatoorah-signature'] = webhookSignature('REFUND_STATUS_CHANGED', Data, secret);
      if (opts.tamper) Data.Refund.Status = r.Status === 'REFUNDED' ? 'CANCELED' : 'REFUNDED';
      const res = await fetch(target, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          Event: {
            Code: 2,
            Name: 'REFUND_STATUS_CHANGED',
            CountryIsoCode: 'SAU',
            CreationDate: new Date().toISOString(),
            Reference: `WH-R${r.RefundId}`,
          },
          Data,
        }),
      });
      return { status: res.status, body: await res.text() };
    },
    suppliers,
    /** Records a deposit of `value` SAR to a supplier on `date` (MyFatoorah's DD/MM/YYYY). */
    addDeposit(code: number, value: number, date: string) {
      const sup = suppliers.get(code)!;
      sup.deposits.push({
        DepositId: sup.deposits.length + 1,
        DepositReference: `2026${code}${sup.deposits.length}`,
        BankName: 'SNB',
        TotalValue: value,
        DepositDate: date,
      });
    },
    /** MyFatoorah's KYC team decides, and a signed v2 SUPPLIER_STATUS_CHANGED webhook is posted to `target`. */
    async sendSupplierWebhook(target: string, code: number, status: 'APPROVED' | 'REJECTED', secret: string | null, comments = '') {
      const sup = suppliers.get(code)!;
      sup.status = status;
      const Data = {
        Supplier: { Code: code, Name: sup.body.SupplierName, Mobile: sup.body.Mobile, Email: sup.body.Email },
        KycDecision: { Status: status, Comments: comments, RejectionReason: [] },
      };
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (secret) headers['myfatoorah-signature'] = webhookSignature('SUPPLIER_STATUS_CHANGED', Data, secret);
      const res = await fetch(target, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          Event: {
            Code: 4,
            Name: 'SUPPLIER_STATUS_CHANGED',
            CountryIsoCode: 'SAU',
            CreationDate: new Date().toISOString(),
            Reference: `WH-S${code}`,
          },
          Data,
        }),
      });
      return { status: res.status, body: await res.text() };
    },
    /**
     * MyFatoorah's team decides on an edit of a supplier (EditSupplier of an approved one) and posts a signed v2
     * SUPPLIER_UPDATE_REQUEST_CHANGED (code 7): the supplier as it now is, and the request's decision and comment.
     */
    async sendSupplierUpdateWebhook(target: string, code: number, status: 'APPROVED' | 'REJECTED', secret: string | null, comments = '') {
      const sup = suppliers.get(code)!;
      const Data = {
        Supplier: { Code: code, Name: sup.body.SupplierName, Mobile: sup.body.Mobile, Email: sup.body.Email, Status: sup.status },
        RequestStatus: { Status: status, Comments: comments, Reference: new Date().toISOString() },
      };
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (secret) headers['myfatoorah-signature'] = webhookSignature('SUPPLIER_UPDATE_REQUEST_CHANGED', Data, secret);
      const res = await fetch(target, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          Event: {
            Code: 7,
            Name: 'SUPPLIER_UPDATE_REQUEST_CHANGED',
            CountryIsoCode: 'SAU',
            CreationDate: new Date().toISOString(),
            Reference: `WH-U${code}-${randomUUID()}`,
          },
          Data,
        }),
      });
      return { status: res.status, body: await res.text() };
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
