import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import {
  FORKLIFT,
  ZATCA_SELLER,
  approvedSupplier,
  companyProfile,
  createUser,
  onboardZatca,
  paidBooking,
  type MadeUser,
} from '../support/factories.js';
import { startFakeZatca } from '../support/fake-zatca.js';
import { failures, validateWithZatcaRules, ZATCA_RULES_DIR } from '../support/zatca-rules.js';
import { issueCommissionInvoices, riyadhMonth, riyadhMonthRange } from '../../server/src/modules/invoices/commission-invoice.service.js';

/**
 * Every kind of document the platform issues, signed as it signs them, passes ZATCA's own validation (UBL 2.1 XSD, the
 * EN 16931 and ZATCA schematrons of its SDK, tests/support/zatca-rules): booking invoices (simplified and standard),
 * their credit notes, commission invoices (standard and simplified) and commission credit notes. ZATCA's samples
 * show the rules bite: its *_Error samples fail, its others pass. All in one JVM (tests/support/zatca-rules.ts).
 */
let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeZatca>>;
const D = 86_400_000;
const sql = <T = any>(q: string, params: unknown[] = []): Promise<T[]> => t.app.orm.em.fork().getConnection().execute(q, params);
const monthEnd = new Date(riyadhMonthRange(riyadhMonth(new Date())).end.getTime() + 3_600_000);

beforeAll(async () => {
  fake = await startFakeZatca();
  t = await createTestApp({ ZATCA_ENV: 'simulation', ZATCA_BASE_URL: fake.url });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** Waits for the queued ZATCA pass to have signed every document issued (ZATCA's answer is not needed here). */
async function signed(count: number) {
  await expect
    .poll(async () => (await sql(`select count(*)::int as n from e_invoices`))[0].n, { timeout: 60_000, interval: 250 })
    .toBe(count);
}

describe('ZATCA’s own rules', { timeout: 180_000 }, () => {
  it('pass every document type we issue, and fail ZATCA’s error samples', async () => {
    const admin = await createUser(t.app, { role: 'admin' });
    const customer = await createUser(t.app, { fullName: 'Sara Al-Otaibi' });
    const company = await createUser(t.app, { fullName: 'Khalid Al-Harbi' });
    const vatHost = await createUser(t.app, { role: 'host_seller', fullName: 'Omar Al-Dossary' });
    const bareHost = await createUser(t.app, { role: 'host_seller', fullName: 'Nasser Al-Harbi' });
    const put = (key: string, value: unknown) => t.api('PUT', `/api/admin/settings/${key}`, { value }, admin.token);
    expect((await t.api('PUT', '/api/admin/settings/marketplace', { commission_percent: 10, by_category: {} }, admin.token)).status).toBe(
      200,
    );
    const general = { platform_name: ZATCA_SELLER.name, vat_number: ZATCA_SELLER.vat_number, address: 'King Fahd Road, Riyadh' };
    expect((await put('general', general)).status).toBe(200);
    const supplier = (host: MadeUser, legal_name: string, vat_number: string) =>
      approvedSupplier(t, host, { legal_name, commercial_registration: '2050123456', vat_number, bank: 'Saudi National Bank' });
    await supplier(vatHost, 'Dossary Equipment Rental Co.', '300123456700003');
    await supplier(bareHost, 'Harbi Lifts Est.', '300987654300003');
    await companyProfile(t, vatHost, {
      company_name: 'Dossary Equipment Rental Co.',
      vat_number: '300123456700003',
      cr_number: '2050123456',
    });
    await companyProfile(t, company);
    await onboardZatca(t, admin);

    // A simplified booking invoice (a person) and a standard one (a company with its VAT number and national address).
    let day = 10;
    const book = async (owner: MadeUser, who: MadeUser) => {
      const start = new Date(Date.now() + day++ * D);
      start.setUTCHours(6, 0, 0, 0);
      const end = new Date(start.getTime() + 2 * D);
      return (await paidBooking(t, { owner, admin, who }, { start, end }, { ...FORKLIFT, cancellation_policy: 'flexible' })).id;
    };
    const bookings = [await book(vatHost, customer), await book(bareHost, company)];
    // Commission invoices: standard (host with a national address) and simplified (without).
    expect(await issueCommissionInvoices(t.app.deps, monthEnd)).toBe(2);
    // The hosts cancel: a credit note of each kind for the buyers, then a commission credit note of each kind.
    for (const [b, host] of [
      [bookings[0], vatHost],
      [bookings[1], bareHost],
    ] as const) {
      expect((await t.api('DELETE', `/api/bookings/${b}`, undefined, host.token)).status).toBeLessThan(300);
      await expect
        .poll(async () => (await sql(`select status from refunds where booking_id = ?`, [b]))[0]?.status, { timeout: 20_000 })
        .toBe('refunded');
    }
    await issueCommissionInvoices(t.app.deps, monthEnd);
    await signed(8);

    const rows = await sql<{ number: string; type: string; kind: string; xml: string; source: string }>(
      `select number, type, kind, xml, case when payment_id is not null then 'booking' else 'commission' end as source from e_invoices order by icv`,
    );
    const ours = Object.fromEntries(rows.map((r) => [`${r.source} ${r.kind} ${r.type} ${r.number}`, r.xml]));
    // Every kind is there: booking / commission × simplified / standard × invoice / credit note.
    expect(
      Object.keys(ours)
        .map((k) => k.split(' ').slice(0, 3).join(' '))
        .sort(),
    ).toEqual(
      ['booking', 'commission']
        .flatMap((s) => ['simplified', 'standard'].flatMap((k) => [`${s} ${k} credit_note`, `${s} ${k} invoice`]))
        .sort(),
    );
    const samples = Object.fromEntries(
      readdirSync(join(ZATCA_RULES_DIR, 'samples')).map((f) => [
        `ZATCA sample ${f}`,
        readFileSync(join(ZATCA_RULES_DIR, 'samples', f), 'utf8'),
      ]),
    );
    const results = await validateWithZatcaRules({ ...samples, ...ours });

    for (const [name, findings] of Object.entries(results)) {
      if (/_Error\.xml$/.test(name)) expect(failures(findings), `${name} must fail ZATCA's rules`).not.toEqual([]);
      else expect(failures(findings), `${name} must pass ZATCA's rules`).toEqual([]);
    }
  });
});
