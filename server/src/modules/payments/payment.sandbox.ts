/**
 * The built-in test gateway's pages (development and tests only; every request in production gets NOT_FOUND): the
 * hosted payment page, for the attempt's own payer, and the embedded card form's submit.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Deps } from '../../deps.js';
import { badInput, notFound, unauthenticated } from '../common/errors.js';
import { PAYMENT_MESSAGES as PM } from '../../shared/payments.rules.js';
import type { User } from '../users/user.entity.js';
import { SANDBOX_ID, SandboxGateway, type SandboxPage } from '../../integrations/myfatoorah/sandbox.js';
import { Payment } from './payment.entity.js';

export class PaymentSandbox {
  constructor(
    private em: EntityManager,
    private deps: Deps,
  ) {}

  /**
   * The built-in test gateway's hosted page, for the attempt's own payer only (logged in; anyone else, and every
   * request in production, gets NOT_FOUND). `act` pays or fails it and answers where the browser goes next.
   */
  private async sandboxFor(user: User | null, invoiceId: unknown): Promise<SandboxGateway> {
    if (!user) throw unauthenticated();
    if (this.deps.env.isProduction || typeof invoiceId !== 'string' || !SANDBOX_ID.test(invoiceId)) throw notFound();
    const p = await this.em.findOne(Payment, { invoiceId, gateway: 'sandbox', method: 'gateway' });
    if (!p || p.user.id !== user.id) throw notFound();
    return new SandboxGateway(this.em, this.deps.env.appUrl);
  }

  /** The test gateway's card form submit (no login: the session id is the key, as with MyFatoorah). */
  async fillSession(sessionId: unknown, card: unknown): Promise<{ received: boolean }> {
    if (this.deps.env.isProduction) throw notFound();
    if (!(await new SandboxGateway(this.em, this.deps.env.appUrl).fillSession(sessionId, card))) throw notFound(PM.sessionUnknown);
    return { received: true };
  }

  async page(user: User | null, invoiceId: unknown, method?: unknown): Promise<SandboxPage> {
    const page = await (await this.sandboxFor(user, invoiceId)).details(invoiceId as string, method);
    if (!page) throw notFound();
    return page;
  }

  async act(user: User | null, invoiceId: unknown, action: unknown, card?: unknown): Promise<{ redirectUrl: string }> {
    if (action !== 'succeed' && action !== 'fail') throw notFound();
    const target = await (await this.sandboxFor(user, invoiceId)).act(invoiceId as string, action === 'succeed', card);
    if (!target) throw badInput('Unknown test card', { field: 'card' });
    return { redirectUrl: target };
  }
}
