import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from 'node:net';
import pg from 'pg';
import { createTestApp, type TestApp } from '../support/test-app.js';

// Stopping an instance (a deploy) while a proxy is sending it a write: the proxy is told 201 and the write is stored,
// or it is told nothing and nothing is stored. Never "stored" with no answer, which nginx turns into a 502 the client
// must not retry.
if (!process.env.TEST_DATABASE_URL) throw new Error('tests/infra needs TEST_DATABASE_URL (see .ci/run)');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('stopping the server with a request arriving', () => {
  it('answers a write whose request had begun when the stop came, and stores it once', async () => {
    const email = `drain-${Date.now()}@example.sa`;
    const body = JSON.stringify({
      service_type: 'resource-sharing',
      full_name: 'Sent while stopping',
      email,
      message: 'Arrives mid-stop.',
    });
    const { port } = new URL(t.url);
    // Like nginx: the request goes out whole whatever the server does meanwhile, and the proxy waits for its answer.
    const socket = connect({ port: Number(port), host: '127.0.0.1', allowHalfOpen: true });
    await new Promise((resolve) => socket.once('connect', resolve));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    const answered = new Promise((resolve) => socket.once('end', resolve));
    socket.on('error', () => {});

    socket.write(`POST /api/inquiries HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n`);
    await wait(100);
    const stopping = t.app.close();
    await wait(100);
    socket.write(`Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
    // The server closes its side after the answer (or before it, when it drops the request); the request is then
    // given time to be run, as it would be behind a proxy, before this side closes too.
    await Promise.all([answered, wait(300)]);
    socket.end();
    await stopping;

    const db = new pg.Client({ connectionString: t.databaseUrl });
    await db.connect();
    try {
      const stored = Number((await db.query('select count(*) as n from inquiries where email = $1', [email])).rows[0].n);
      expect({ status: answer.split('\r\n')[0], stored }).toEqual({ status: 'HTTP/1.1 201 Created', stored: 1 });
    } finally {
      await db.end();
    }
  });
});
