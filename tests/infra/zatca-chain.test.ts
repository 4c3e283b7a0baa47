import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityManager } from '@mikro-orm/postgresql';
import { appendToChain } from '../../server/src/modules/invoices/einvoice.chain.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { testStamp } from '../support/fake-zatca-ca.js';
import { chainDoc, chainSources, expectUnbrokenChain } from '../support/zatca-chain.js';

// Two instances on one PostgreSQL issuing e-invoices at the same time: the row lock on zatca_chain keeps one chain.
if (!process.env.TEST_DATABASE_URL) throw new Error('tests/infra needs TEST_DATABASE_URL (see .ci/run)');

let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp({ DATABASE_URL: a.databaseUrl! });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe('the e-invoice chain on two instances', () => {
  it('never forks: 40 documents issued at once from both instances get ICV 1–40, each PIH the previous hash', async () => {
    const { key } = testStamp();
    const sources = await chainSources(a.app, 40);
    const issued = await Promise.all(
      Array.from({ length: 40 }, (_, i) => appendToChain((i % 2 ? b : a).app.orm.em.fork() as EntityManager, chainDoc(i, sources[i]), key)),
    );
    // Both instances did issue (the race was real), and nothing was lost.
    expect(new Set(issued.map((d) => d.icv)).size).toBe(40);
    await expectUnbrokenChain(a.app.orm, 40);
  });
});
