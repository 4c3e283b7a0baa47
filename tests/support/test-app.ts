import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { inject } from 'vitest';
import { parseEnv } from '../../server/src/config/env.js';
import { createApp, type App } from '../../server/src/app.js';
import { startSmtpSink } from './smtp-sink.js';
import { layoutProblem } from './mail-text.js';

export interface TestApp {
  app: App;
  url: string;
  /** The real PostgreSQL database this app runs on (undefined on embedded PGlite). */
  databaseUrl?: string;
  dataDir: string;
  smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  /** Every JSON line the app logged so far (at its LOG_LEVEL: `error` unless the test asks for more). */
  logs(): string[];
  api(
    method: string,
    path: string,
    body?: unknown,
    token?: string,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: any; headers: Headers }>;
  gql<T = any>(query: string, variables?: Record<string, unknown>, token?: string): Promise<{ data?: T; errors?: any[]; status: number }>;
  ws(token?: string): Client;
  /** Resolves once every mail queued so far has been handed to the SMTP server (none waiting or in progress). */
  mailsSent(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

let embeddedTemplate: Blob | undefined;
/** The migrated embedded database every app of this run starts from (tests/support/db-template.ts). */
function migratedEmbedded(): Blob | undefined {
  const file = inject('dbTemplateFile');
  if (file && !embeddedTemplate) embeddedTemplate = new Blob([readFileSync(file)]);
  return embeddedTemplate;
}

/**
 * Fresh database per app (a copy of the run's migrated one): TEST_DATABASE_URL (e.g. postgres://127.0.0.1:5432/test in CI) gets a new
 * database created beside it and dropped afterwards; otherwise an in-memory embedded PGlite.
 */
async function freshDatabase(): Promise<{ url?: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return { drop: async () => {} };
  const name = `mawarid_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const template = inject('dbTemplateName');
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * `pciCertified`: the suites written for the spec's own card form (POST /api/payment/direct-charge, and the
 * factories' payBooking) run on a merchant an admin declared PCI certified, as the gateway settings say (issue #24);
 * false starts from the production default, where only MyFatoorah's embedded form takes cards (payment-session.test.ts).
 */
export async function createTestApp(envOverrides: Record<string, string> = {}, opts: { pciCertified?: boolean } = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mawarid-test-'));
  const smtp = await startSmtpSink();
  // A second instance on the same database: pass its DATABASE_URL (the first app owns and drops it).
  const db = envOverrides.DATABASE_URL ? { url: envOverrides.DATABASE_URL, drop: async () => {} } : await freshDatabase();
  // NODE_ENV=production requires DATABASE_URL; on embedded PGlite a placeholder passes that check and is then
  // dropped, so the app runs with production settings on the in-memory test database.
  const productionOnEmbedded = envOverrides.NODE_ENV === 'production' && !db.url;
  const env = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    APP_URL: 'http://app.test',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'error',
    ...(db.url ? { DATABASE_URL: db.url } : productionOnEmbedded ? { DATABASE_URL: 'postgres://embedded.invalid/test' } : {}),
    ...envOverrides,
  });
  if (productionOnEmbedded) env.databaseUrl = undefined;
  // The app's log is kept for the test to read; errors are shown on the console as before (everything with
  // LOG_LEVEL=debug), where a test expecting one can silence it.
  const lines: string[] = [];
  const echoAll = process.env.LOG_LEVEL === 'debug';
  const logDestination = {
    write(line: string) {
      lines.push(line);
      if (echoAll || /^\{"level":[56]0,/.test(line)) console.error(line.trimEnd());
    },
  };
  const app = await createApp(env, { inMemoryDb: true, logDestination, embeddedTemplate: db.url ? undefined : migratedEmbedded() });
  if (opts.pciCertified !== false && !envOverrides.DATABASE_URL)
    await app.orm.em.getConnection().execute(
      `insert into settings (key, value) values ('myfatoorah', '{"pci_certified": true}'::jsonb)
         on conflict (key) do update set value = settings.value || excluded.value`,
    );
  // A fixed PORT only when asked for (a restart on the same address); otherwise any free port.
  const url = await app.listen(envOverrides.PORT ? env.port : 0, '127.0.0.1');
  const sockets: Client[] = [];

  return {
    app,
    url,
    databaseUrl: db.url,
    dataDir,
    smtp,
    logs: () => lines.slice(),
    async api(method, path, body, token, headers = {}) {
      const res = await fetch(url + path, {
        method,
        headers: {
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      return { status: res.status, body: parsed, headers: res.headers };
    },
    async gql(query, variables, token) {
      const res = await fetch(url + '/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ query, variables }),
      });
      const json = (await res.json()) as { data?: any; errors?: any[] };
      return { ...json, status: res.status };
    },
    ws(token) {
      const client = createClient({
        url: url.replace('http', 'ws') + '/graphql',
        webSocketImpl: WebSocket,
        connectionParams: token ? { authorization: `Bearer ${token}` } : {},
        retryAttempts: 0,
        lazy: true,
      });
      sockets.push(client);
      return client;
    },
    async mailsSent(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while ((await app.deps.jobs.pending('mail')) > 0) {
        if (Date.now() > deadline) throw new Error(`mail still queued after ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async close() {
      await Promise.all(sockets.map((s) => s.dispose()));
      await app.close();
      await smtp.close();
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
      // Every mail any test made the app send went through the one bilingual layout (issue #26).
      const off = smtp.received.flatMap((m) => {
        const problem = layoutProblem(m);
        return problem ? [`${m.to.join(', ')}: ${problem}`] : [];
      });
      if (off.length) throw new Error(`mail not drawn by the layout (integrations/mail/layout.ts):\n${off.join('\n')}`);
    },
  };
}
