import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerProcess } from '../support/server-process.js';

// OTEL_EXPORTER_OTLP_ENDPOINT set: the built server (server/dist/main.js, as `npm start` runs it) sends its spans as
// OTLP/HTTP JSON. A receiver in this test stands in for the collector.
interface Span {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: { stringValue?: string; intValue?: string | number } }[];
  service: string;
  scope: string;
}

const SERVER = 2; // SpanKind.SERVER in OTLP's numbering (UNSPECIFIED 0, INTERNAL 1, SERVER 2)
const attr = (s: Span, key: string) => {
  const v = s.attributes.find((a) => a.key === key)?.value;
  return v?.stringValue ?? (v?.intValue === undefined ? undefined : String(v.intValue));
};

let receiver: Server;
let endpoint: string;
const spans: Span[] = [];
const contentTypes = new Set<string>();
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'mawarid-otel-'));
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      contentTypes.add(`${req.method} ${req.url} ${req.headers['content-type']}`);
      const json = JSON.parse(body) as {
        resourceSpans: {
          resource: { attributes: Span['attributes'] };
          scopeSpans: { scope: { name: string }; spans: Omit<Span, 'service' | 'scope'>[] }[];
        }[];
      };
      for (const rs of json.resourceSpans) {
        const service = rs.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue ?? '';
        for (const ss of rs.scopeSpans) for (const s of ss.spans) spans.push({ ...s, service, scope: ss.scope.name });
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(receiver.address() as { port: number }).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => receiver?.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

describe('OpenTelemetry traces', () => {
  it('sends a span per HTTP request with its route, its PostgreSQL queries and GraphQL operation, as service mawarid-web', async () => {
    // A batch delay of a minute: what arrives was sent by the flush on SIGTERM, so nothing is lost at a stop.
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
      OTEL_BSP_SCHEDULE_DELAY: '60000',
    });
    try {
      expect((await fetch(`${server.url}/api/resources?page=2`)).status).toBe(200);
      const gql = await fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'query Services { businessServices { id } }' }),
      });
      expect(gql.status).toBe(200);
      expect((await fetch(`${server.url}/api/health/live`)).status).toBe(200);
      // A background job (the confirmation mail, run in this process): written to the dev outbox once done.
      const subscribe = await fetch(`${server.url}/api/newsletter/subscribe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'traced@example.com' }),
      });
      expect(subscribe.status).toBe(201);
      await expect
        .poll(() => existsSync(join(dataDir, 'outbox')) && readdirSync(join(dataDir, 'outbox')).length, { timeout: 30_000 })
        .toBe(1);
    } finally {
      server.proc.kill('SIGTERM');
    }
    expect((await server.exited).code, server.output()).toBe(0);

    expect([...contentTypes]).toEqual([expect.stringMatching(/^POST \/v1\/traces application\/json/)]);
    expect(new Set(spans.map((s) => s.service))).toEqual(new Set(['mawarid-web']));

    const rest = spans.find((s) => s.kind === SERVER && attr(s, 'http.route') === '/api/resources');
    expect(rest, spans.map((s) => s.name).join(', ')).toBeDefined();
    expect(rest!.scope).toBe('@opentelemetry/instrumentation-http');
    expect(rest!.name).toBe('GET /api/resources');
    expect(attr(rest!, 'http.response.status_code') ?? attr(rest!, 'http.status_code')).toBe('200');
    // The listing query ran inside that request: a pg span in the same trace.
    const inRequest = spans.filter((s) => s.traceId === rest!.traceId);
    expect(inRequest.some((s) => s.scope === '@opentelemetry/instrumentation-pg')).toBe(true);
    expect(inRequest.some((s) => s.scope === '@opentelemetry/instrumentation-express')).toBe(true);

    const graphql = spans.find((s) => s.kind === SERVER && (attr(s, 'url.path') ?? attr(s, 'http.target')) === '/graphql');
    expect(graphql, spans.map((s) => s.name).join(', ')).toBeDefined();
    const operation = spans.filter((s) => s.traceId === graphql!.traceId && s.scope === '@opentelemetry/instrumentation-graphql');
    expect(operation.map((s) => s.name)).toEqual(expect.arrayContaining(['query Services']));
    expect(spans.filter((s) => s.traceId === graphql!.traceId && s.scope === '@opentelemetry/instrumentation-pg').length).toBeGreaterThan(
      0,
    );

    // The job's run is a span of its own.
    const job = spans.find((s) => s.name === 'job mail');
    expect(job, spans.map((s) => s.name).join(', ')).toBeDefined();
    expect(attr(job!, 'messaging.destination.name')).toBe('mail');

    // Probes are not traced.
    expect(spans.some((s) => (attr(s, 'url.path') ?? attr(s, 'http.target') ?? '').startsWith('/api/health/live'))).toBe(false);
  }, 120_000);
});
