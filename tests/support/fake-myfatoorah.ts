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
 * payment still charges the card) and answer only after `ms` — a gateway that times out on the caller;
 * `rejectNext(endpoint, errors)` answers the next call with MyFatoorah's validation-error envelope (HTTP 400).
 */
import { createServer, type Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { webhookSignature } from '../../server/src/integrations/myfatoorah/client.js';

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

export async function startFakeMyFatoorah(opts: { apiKey?: string; disabledMethods?: string[] } = {}) {
  const apiKey = opts.apiKey ?? 'fake-myfatoorah-key';
  const enabled = () => METHODS.filter((m) => !(opts.disabledMethods ?? []).includes(m.PaymentMethodCode));
  const invoices = new Map<number, Invoice>();
  const requests: Array<{ path: string; body: any }> = [];
  let nextInvoice = 100000;
  let nextPayment = 7000000;
  let url = '';
  type Endpoint = 'InitiatePayment' | 'ExecutePayment' | 'DirectPayment' | 'GetPaymentStatus';
  const slow: Array<{ endpoint: Endpoint; ms: number; times: number }> = [];
  const rejects: Array<{ endpoint: Endpoint; errors: Array<{ Name: string; Error: string }> }> = [];
  const endpointOf = (path: string): Endpoint | null =>
    (/^\/v2\/(InitiatePayment|ExecutePayment|DirectPayment|GetPaymentStatus)\b/.exec(path)?.[1] as Endpoint) ?? null;
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
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0];
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
          success ? HOSTED_CARD[inv.PaymentMethodId] : undefined,
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
              : [...invoices.values()].find((i) => i.CustomerReference === body.Key);
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
    /** Lets the merchant's enabled methods change between tests (codes such as 'md'). */
    setDisabledMethods(codes: string[]) {
      opts.disabledMethods = codes;
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
      if (secret) headers['myfatoorah-signature'] = webhookSignature(Data, secret);
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
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
