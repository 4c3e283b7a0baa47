import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MyFatoorahClient,
  MyFatoorahError,
  MYFATOORAH_SAUDI_URL,
  MYFATOORAH_TEST_URL,
} from '../../server/src/integrations/myfatoorah/client.js';
import { verifyWebhookSignature, webhookSignature } from '../../server/src/integrations/myfatoorah/webhook.js';
import { startFakeMyFatoorah } from '../support/fake-myfatoorah.js';

let fake: Awaited<ReturnType<typeof startFakeMyFatoorah>>;
let client: MyFatoorahClient;
beforeAll(async () => {
  fake = await startFakeMyFatoorah();
  client = new MyFatoorahClient({ apiKey: fake.apiKey, testMode: true, baseUrl: fake.url });
});
afterAll(async () => fake?.close());

const execute = (methodId: number, amount = 450) =>
  client.executePayment({
    PaymentMethodId: methodId,
    InvoiceValue: amount,
    DisplayCurrencyIso: 'SAR',
    CustomerName: 'Sara',
    CustomerEmail: 'sara@example.sa',
    CallBackUrl: 'http://app.test/payment/success',
    ErrorUrl: 'http://app.test/payment/error',
    Language: 'en',
    CustomerReference: 'booking-1',
  });

describe('MyFatoorah client', () => {
  it('uses the test environment in test mode and the Saudi portal live', () => {
    expect(new MyFatoorahClient({ apiKey: 'k', testMode: true }).baseUrl).toBe(MYFATOORAH_TEST_URL);
    expect(new MyFatoorahClient({ apiKey: 'k', testMode: false }).baseUrl).toBe(MYFATOORAH_SAUDI_URL);
  });

  it('lists payment methods for an amount in SAR', async () => {
    const methods = await client.initiatePayment(450);
    expect(methods.some((m) => m.IsDirectPayment)).toBe(true);
    expect(methods.every((m) => m.CurrencyIso === 'SAR')).toBe(true);
  });

  it('charges a card directly and reads the invoice as paid', async () => {
    const inv = await execute(20);
    expect(inv.IsDirectPayment).toBe(true);
    const result = await client.directPayment(inv.PaymentURL, {
      Number: '5123450000000008',
      ExpiryMonth: '12',
      ExpiryYear: '30',
      SecurityCode: '100',
      CardHolderName: 'Sara',
    });
    expect(result.Status).toBe('SUCCESS');
    const status = await client.getPaymentStatus(String(inv.InvoiceId), 'InvoiceId');
    expect(status.InvoiceStatus).toBe('Paid');
    expect(status.InvoiceTransactions[0].PaymentId).toBe(result.PaymentId);
  });

  it('reports a declined card with the reason', async () => {
    const inv = await execute(20);
    const result = await client.directPayment(inv.PaymentURL, {
      Number: '4000000000000002',
      ExpiryMonth: '12',
      ExpiryYear: '30',
      SecurityCode: '100',
      CardHolderName: 'Sara',
    });
    expect(result).toMatchObject({ Status: 'FAILED', ErrorMessage: 'Insufficient Funds' });
    expect((await client.getPaymentStatus(String(inv.InvoiceId), 'InvoiceId')).InvoiceStatus).toBe('Pending');
  });

  it('refuses to send card data anywhere but the gateway', async () => {
    await expect(
      client.directPayment('https://evil.example/v2/DirectPayment/x/20', {
        Number: '5123450000000008',
        ExpiryMonth: '12',
        ExpiryYear: '30',
        SecurityCode: '100',
        CardHolderName: 'S',
      }),
    ).rejects.toBeInstanceOf(MyFatoorahError);
  });

  it('turns validation errors, a bad key and an unreachable gateway into typed errors', async () => {
    await expect(client.initiatePayment(0)).rejects.toMatchObject({
      kind: 'rejected',
      message: 'The invoice amount must be greater than zero',
    });
    await expect(new MyFatoorahClient({ apiKey: 'wrong', testMode: true, baseUrl: fake.url }).initiatePayment(10)).rejects.toMatchObject({
      kind: 'unauthorized',
    });
    await expect(
      new MyFatoorahClient({ apiKey: 'k', testMode: true, baseUrl: 'http://127.0.0.1:9', timeoutMs: 2000 }).initiatePayment(10),
    ).rejects.toMatchObject({ kind: 'unreachable' });
  });
});

describe('webhook signature (v2)', () => {
  const data = {
    Invoice: { Id: '6104', Status: 'PAID', ExternalIdentifier: null },
    Transaction: { Status: 'SUCCESS', PaymentId: '07076104' },
  };
  it('signs the five documented fields in order, nulls as empty', () => {
    const expected = createHmac('sha256', 'k')
      .update('Invoice.Id=6104,Invoice.Status=PAID,Transaction.Status=SUCCESS,Transaction.PaymentId=07076104,Invoice.ExternalIdentifier=')
      .digest('base64');
    expect(webhookSignature('PAYMENT_STATUS_CHANGED', data, 'k')).toBe(expected);
  });
  it('verifies a correct signature and refuses a wrong, missing or tampered one', () => {
    const sig = webhookSignature('PAYMENT_STATUS_CHANGED', data, 'secret-1');
    expect(verifyWebhookSignature('PAYMENT_STATUS_CHANGED', data, 'secret-1', sig)).toBe(true);
    expect(verifyWebhookSignature('PAYMENT_STATUS_CHANGED', data, 'secret-2', sig)).toBe(false);
    expect(verifyWebhookSignature('PAYMENT_STATUS_CHANGED', data, 'secret-1', undefined)).toBe(false);
    expect(
      verifyWebhookSignature(
        'PAYMENT_STATUS_CHANGED',
        { ...data, Transaction: { Status: 'FAILED', PaymentId: '07076104' } },
        'secret-1',
        sig,
      ),
    ).toBe(false);
    expect(verifyWebhookSignature('PAYMENT_STATUS_CHANGED', 'not an object', 'secret-1', sig)).toBe(false);
  });
  it('signs a refund event over its own documented fields, in their order', () => {
    const refund = { Refund: { Id: 2840, Status: 'REFUNDED' }, Amount: { ValueInBaseCurrency: '40' }, ReferencedInvoice: { Id: 585757 } };
    const expected = createHmac('sha256', 'k')
      .update('Refund.Id=2840,Refund.Status=REFUNDED,Amount.ValueInBaseCurrency=40,ReferencedInvoice.Id=585757')
      .digest('base64');
    expect(webhookSignature('REFUND_STATUS_CHANGED', refund, 'k')).toBe(expected);
    // A payment signature does not pass as a refund one.
    expect(verifyWebhookSignature('REFUND_STATUS_CHANGED', refund, 'k', webhookSignature('PAYMENT_STATUS_CHANGED', refund, 'k'))).toBe(
      false,
    );
  });
});

describe('a gateway that fails is not a gateway that refuses', () => {
  // MyFatoorah's own envelope with IsSuccess false, but sent with a server error or a rate limit: what happened to
  // the request is unknown, so a refund lookup must not read it as "no refund there" (and send the refund again).
  for (const status of [500, 503, 429]) {
    it(`reads HTTP ${status} with IsSuccess false as an unknown outcome, never as "none"`, async () => {
      const server = createServer((_req, res) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ IsSuccess: false, Message: 'Something went wrong', ValidationErrors: null, Data: null }));
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      try {
        const { port } = server.address() as AddressInfo;
        const failing = new MyFatoorahClient({ apiKey: 'k', testMode: true, baseUrl: `http://127.0.0.1:${port}` });
        await expect(failing.refundsOfInvoice('6104')).rejects.toMatchObject({ kind: 'timeout' });
        await expect(failing.getPaymentStatus('p-1', 'CustomerReference')).rejects.toMatchObject({ kind: 'timeout' });
      } finally {
        await new Promise((r) => server.close(r));
      }
    });
  }

  it('still reads a 400 refusal (not found) as no refund', async () => {
    await expect(client.refundsOfInvoice('no-such-invoice')).resolves.toEqual([]);
  });
});
