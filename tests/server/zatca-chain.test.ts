import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityManager } from '@mikro-orm/postgresql';
import { appendToChain } from '../../server/src/modules/invoices/einvoice.chain.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { testStamp } from '../support/fake-zatca-ca.js';
import { chainDoc, chainSources, expectUnbrokenChain } from '../support/zatca-chain.js';

// Two instances on one real PostgreSQL racing for the chain: tests/infra/zatca-chain.test.ts.
describe('the e-invoice chain', () => {
  let t: TestApp;
  let sources: string[];
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives consecutive counters, each document chained to the one before, when issued concurrently', async () => {
    const { key } = testStamp();
    sources = await chainSources(t.app, 14);
    await Promise.all(
      Array.from({ length: 12 }, (_, i) => appendToChain(t.app.orm.em.fork() as EntityManager, chainDoc(i, sources[i]), key)),
    );
    await expectUnbrokenChain(t.app.orm, 12);
  });

  it('stores nothing and gives out no counter when a document cannot be signed', async () => {
    const { key } = testStamp();
    await expect(
      appendToChain(t.app.orm.em.fork() as EntityManager, { ...chainDoc(99, sources[12]), subtotalHalalas: 1 }, key),
    ).rejects.toThrow(/add up/);
    expect((await appendToChain(t.app.orm.em.fork() as EntityManager, chainDoc(100, sources[12]), key)).icv).toBe(13);
    await expectUnbrokenChain(t.app.orm, 13);
  });
});
