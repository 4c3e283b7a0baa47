/**
 * Which gateway takes payments, and what every attempt tells it: where the browser comes back and when the
 * payment session ends.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Deps } from '../../deps.js';
import { AppError } from '../common/errors.js';
import { PAYMENT_MESSAGES as PM } from '../../shared/payments.rules.js';
import { SettingsService, type MyFatoorahConfig } from '../settings/settings.service.js';
import { MyFatoorahClient, type ExecuteRequest } from '../../integrations/myfatoorah/client.js';
import { embeddedScriptUrl, MyFatoorahGateway, type PaymentGateway } from '../../integrations/myfatoorah/gateway.js';
import { SandboxGateway } from '../../integrations/myfatoorah/sandbox.js';
import { payableColumn, type Payable } from './payment.payable.js';
import { supplierShares } from '../payouts/payout.service.js';
import type { Locale } from '../../shared/locale.js';

/**
 * Which gateway takes payments: MyFatoorah once an API key is saved; without one, the built-in test gateway in
 * development and tests while test mode is on; otherwise none. Production never uses the test gateway (fails
 * closed): without a key, nobody can pay and the admin dashboard says so.
 */
export function gatewayMode(cfg: Pick<MyFatoorahConfig, 'apiKey' | 'testMode'>, isProduction: boolean): 'myfatoorah' | 'sandbox' | null {
  if (cfg.apiKey) return 'myfatoorah';
  return cfg.testMode && !isProduction ? 'sandbox' : null;
}

/** Checkout without a gateway: a typed answer the client translates (reason payments_not_configured). */
export const paymentsNotConfigured = () => new AppError('SERVICE_UNAVAILABLE', PM.notConfigured, { reason: 'payments_not_configured' });

/** MyFatoorah with the admin's key, or the built-in sandbox (see gatewayMode); none: payments_not_configured. */
export async function currentGateway(em: EntityManager, deps: Deps): Promise<PaymentGateway> {
  const cfg = await new SettingsService(em, deps).getMyFatoorah();
  const mode = gatewayMode(cfg, deps.env.isProduction);
  if (mode === 'sandbox') return new SandboxGateway(em, deps.env.appUrl);
  if (mode !== 'myfatoorah' || !cfg.apiKey) throw paymentsNotConfigured();
  return new MyFatoorahGateway(
    new MyFatoorahClient({
      apiKey: cfg.apiKey,
      testMode: cfg.testMode,
      baseUrl: deps.env.myFatoorahBaseUrl,
      timeoutMs: deps.env.myFatoorahTimeoutMs,
    }),
    embeddedScriptUrl(cfg.testMode, deps.env.myFatoorahBaseUrl),
  );
}

/** Whether any gateway can take a payment now (the admin dashboard warns while not). */
export async function paymentsConfigured(em: EntityManager, deps: Deps): Promise<boolean> {
  return gatewayMode(await new SettingsService(em, deps).getMyFatoorah(), deps.env.isProduction) !== null;
}

/**
 * Where the gateway sends the browser back: the admin's success/error URLs when set (settings), else APP_URL's
 * /payment/success and /payment/error; either way with ?booking_id= (or ?service_booking_id=). The return itself is
 * never trusted: the success page asks the server, which asks the gateway (confirmReturn).
 */
async function returnUrls(em: EntityManager, deps: Deps, target: Payable) {
  const cfg = await new SettingsService(em, deps).getMyFatoorah();
  const base = deps.env.appUrl;
  const url = (configured: string | null, fallback: string) => {
    const u = new URL(configured || fallback);
    u.searchParams.set(payableColumn(target), target.id);
    return u.toString();
  };
  return {
    CallBackUrl: url(cfg.successUrl, `${base}/payment/success`),
    ErrorUrl: url(cfg.errorUrl, `${base}/payment/error`),
  };
}

/** When a new payment session ends: the gateway refuses payment on the invoice after that (ISO 8601, UTC). */
function sessionEnd(deps: Deps) {
  return new Date(Date.now() + deps.env.paymentSessionMinutes * 60_000).toISOString();
}

/**
 * What every ExecutePayment we send says besides how the customer pays (a method, a card or an embedded session):
 * the amount in SAR, who pays, our references (the attempt, the booking), when the invoice expires, where the
 * browser returns, and the host's share for the host's supplier account.
 */
export async function executeRequestCommon(
  em: EntityManager,
  deps: Deps,
  a: { paymentId: string; payable: Payable; amount: number; customerName: string; user: { email: string; locale: Locale } },
): Promise<Omit<ExecuteRequest, 'PaymentMethodId' | 'SessionId'>> {
  return {
    InvoiceValue: a.amount,
    DisplayCurrencyIso: 'SAR',
    CustomerName: a.customerName,
    CustomerEmail: a.user.email,
    Language: a.user.locale,
    CustomerReference: a.paymentId,
    UserDefinedField: a.payable.id,
    ExpiryDate: sessionEnd(deps),
    ...(await returnUrls(em, deps, a.payable)),
    ...(await supplierShares(em, deps, a.paymentId, a.payable, a.amount)),
  };
}
