import { expect } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { App } from '../../server/src/app.js';
import { createUser } from './factories.js';
import type { ChainedDocument } from '../../server/src/modules/invoices/einvoice.chain.js';
import { FIRST_PIH, invoiceHash } from '../../server/src/integrations/zatca/invoice.js';

/**
 * `count` commission invoices of one new host (months from 2000-01 on), for chain-only documents to name: every
 * e-invoice names exactly what it e-invoices (a database check).
 */
export async function chainSources(app: App, count: number): Promise<string[]> {
  const host = await createUser(app, { role: 'host_seller' });
  const c = app.orm.em.fork().getConnection();
  const [{ n }] = await c.execute(`select coalesce(max(invoice_number), 0)::int as n from commission_invoices`);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = randomUUID();
    const month = `${2000 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
    await c.execute(
      `insert into commission_invoices (id, host_id, month, invoice_number, commission_halalas, vat_halalas, snapshot)
       values (?, ?, ?, ?, 10000, 1500, '{}')`,
      [id, host.user.id, month, Number(n) + i + 1],
    );
    ids.push(id);
  }
  return ids;
}

/** A simplified invoice of 115.00 SAR, numbered 1000 + n, naming commission invoice `source`, for chain-only tests. */
export const chainDoc = (n: number, source: string): ChainedDocument => ({
  kind: 'simplified',
  type: 'invoice',
  number: String(1000 + n),
  issuedAt: new Date('2026-11-23T10:00:00Z'),
  supplyDate: new Date('2026-11-23T10:00:00Z'),
  seller: {
    name: 'Mawarid',
    vatNumber: '310122393500003',
    crn: '1010010000',
    address: { street: 'King Fahd Road', building: '1234', district: 'Al Olaya', city: 'Riyadh', postalCode: '12211' },
  },
  buyer: { name: `Buyer ${n}` },
  lines: [{ name: 'Desk', quantity: 1, unitPriceHalalas: 10000, netHalalas: 10000 }],
  vatPercent: 15,
  subtotalHalalas: 10000,
  vatHalalas: 1500,
  totalHalalas: 11500,
  paymentMeansCode: '48',
  paymentId: null,
  refundId: null,
  commissionInvoiceId: source,
  environment: 'simulation',
});

/** The stored documents are one unbroken chain of `count`: ICV 1…count, each PIH the previous hash, hashes true. */
export async function expectUnbrokenChain(orm: MikroORM, count: number): Promise<void> {
  const rows = await orm.em.fork().getConnection().execute(`select icv::int as icv, pih, hash, xml from e_invoices order by icv`);
  expect(rows.map((r: { icv: number }) => r.icv)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
  rows.forEach((r: { icv: number; pih: string; hash: string; xml: string }, i: number) => {
    expect(r.pih).toBe(i === 0 ? FIRST_PIH : rows[i - 1].hash);
    // What is stored is what was signed: the XML carries its ICV and PIH and hashes to the stored hash.
    expect(r.xml).toContain(`<cbc:ID>ICV</cbc:ID><cbc:UUID>${r.icv}</cbc:UUID>`);
    expect(r.xml).toContain(`mimeCode="text/plain">${r.pih}</cbc:EmbeddedDocumentBinaryObject>`);
    expect(invoiceHash(r.xml)).toBe(r.hash);
  });
  const [chain] = await orm.em.fork().getConnection().execute(`select icv::int as icv, last_hash from zatca_chain`);
  expect(chain).toEqual({ icv: count, last_hash: rows[count - 1].hash });
}
