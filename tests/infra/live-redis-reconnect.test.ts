import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventBus, type EventBus } from '../../server/src/graphql/pubsub.js';
import { startTcpProxy } from '../support/tcp-proxy.js';

// The live-event bus on the real Redis, reached through a proxy the test can cut: what every instance relies on when
// Redis restarts under it.
const REDIS_URL = process.env.REDIS_URL;
if (!REDIS_URL) throw new Error('tests/infra needs REDIS_URL (see .ci/run)');

let holdSubscriptions = false;
let heldSubscription: () => void = () => {};
const subscriptionHeld = () => new Promise<void>((resolve) => (heldSubscription = resolve));

let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
let proxiedUrl: string;
let otherInstance: EventBus;
beforeAll(async () => {
  const redis = new URL(REDIS_URL!);
  proxy = await startTcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) }, (chunk) => {
    if (!holdSubscriptions || !chunk.toString('latin1').toLowerCase().includes('psubscribe')) return false;
    heldSubscription();
    return true;
  });
  redis.host = `127.0.0.1:${proxy.port}`;
  proxiedUrl = redis.toString();
  otherInstance = await createEventBus(REDIS_URL);
});
afterAll(async () => {
  await otherInstance?.close();
  await proxy?.close();
});

/** Publishes from the other instance until this bus hears it. */
async function heardFromOtherInstance(bus: EventBus, topic: string) {
  const heard: object[] = [];
  const off = bus.on(topic, (p) => heard.push(p));
  try {
    await expect
      .poll(
        () => {
          otherInstance.publish(topic, { from: 'other' });
          return heard.length;
        },
        { timeout: 15_000, interval: 200 },
      )
      .toBeGreaterThan(0);
  } finally {
    off();
  }
}

describe('the live-event bus when Redis restarts', () => {
  it("hears the other instances' events again once Redis is back, and says so once per client", async () => {
    const lines: string[] = [];
    const log = { warn: (m: string) => lines.push(`warn ${m}`), info: (m: string) => lines.push(`info ${m}`) };
    const bus = await createEventBus(proxiedUrl, log);
    try {
      await heardFromOtherInstance(bus, 'before-restart');
      await proxy.cut();
      // Away long enough for several reconnection attempts: the log still says it once.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await proxy.restore();
      await heardFromOtherInstance(bus, 'after-restart');
      await expect.poll(() => lines.filter((l) => l.startsWith('info')).length, { timeout: 5000 }).toBe(2);
      expect(lines.filter((l) => l.startsWith('warn')).sort()).toEqual([
        expect.stringMatching(/^warn \[redis\] live events \(publish\) lost Redis/),
        expect.stringMatching(/^warn \[redis\] live events \(subscribe\) lost Redis/),
      ]);
      expect(lines.filter((l) => l.startsWith('info')).sort()).toEqual([
        'info [redis] live events (publish) has Redis again',
        'info [redis] live events (subscribe) has Redis again',
      ]);
    } finally {
      await bus.close();
    }
  });

  it('closes while it is subscribing again without an unhandled rejection (which would end the process)', async () => {
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    const bus = await createEventBus(proxiedUrl);
    try {
      await proxy.cut();
      holdSubscriptions = true;
      const held = subscriptionHeld();
      await proxy.restore();
      await held;
      await bus.close();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(unhandled).toEqual([]);
    } finally {
      holdSubscriptions = false;
      process.off('unhandledRejection', record);
    }
  });
});
