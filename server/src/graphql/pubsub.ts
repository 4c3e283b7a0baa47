import { EventEmitter } from 'node:events';
import type { PubSub } from 'type-graphql';
import type { Redis } from 'ioredis';
import { connectRedis, type RedisLog } from '../redis.js';

/**
 * Topic bus for subscriptions. Payloads are small JSON objects (ids and kinds): subscribers load
 * what they show through the services, so permissions are checked on read.
 * Without REDIS_URL events stay in this process; with it they travel through Redis pub/sub so that
 * every instance delivers every event to its own subscribers exactly once.
 */
export interface EventBus extends PubSub {
  publish(topic: string, payload: object): void;
  /** A plain listener, called synchronously for each event of the topic on this instance; returns its remover. */
  on(topic: string, listener: (payload: object) => void): () => void;
  /**
   * A listener for the events published by THIS process only (not those heard from other instances through Redis):
   * each event is published on exactly one instance, so work done here is done once however many instances run.
   */
  onPublishedHere(topic: string, listener: (payload: object) => void): () => void;
  close(): Promise<void>;
}

const CHANNEL_PREFIX = 'mawarid:';

function iterate(emitter: EventEmitter, topic: string): AsyncIterableIterator<unknown> {
  const queue: unknown[] = [];
  let waiting: ((r: IteratorResult<unknown>) => void) | null = null;
  let done = false;
  const listener = (payload: unknown) => {
    if (waiting) {
      const w = waiting;
      waiting = null;
      w({ value: payload, done: false });
    } else queue.push(payload);
  };
  emitter.on(topic, listener);
  const finish = (): Promise<IteratorResult<unknown>> => {
    done = true;
    emitter.off(topic, listener);
    queue.length = 0;
    if (waiting) waiting({ value: undefined, done: true });
    waiting = null;
    return Promise.resolve({ value: undefined, done: true });
  };
  return {
    next() {
      if (queue.length) return Promise.resolve({ value: queue.shift(), done: false });
      if (done) return Promise.resolve({ value: undefined, done: true });
      return new Promise((resolve) => (waiting = resolve));
    },
    return: finish,
    throw: (err) => {
      void finish();
      return Promise.reject(err);
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}

class LocalBus implements EventBus {
  protected emitter = new EventEmitter().setMaxListeners(0);
  protected here = new EventEmitter().setMaxListeners(0);
  publish(topic: string, payload: object): void {
    this.here.emit(topic, payload);
    this.emitter.emit(topic, payload);
  }
  onPublishedHere(topic: string, listener: (payload: object) => void): () => void {
    this.here.on(topic, listener);
    return () => void this.here.off(topic, listener);
  }
  subscribe(topic: string): AsyncIterable<unknown> {
    return iterate(this.emitter, topic);
  }
  on(topic: string, listener: (payload: object) => void): () => void {
    this.emitter.on(topic, listener);
    return () => void this.emitter.off(topic, listener);
  }
  async close(): Promise<void> {
    this.emitter.removeAllListeners();
    this.here.removeAllListeners();
  }
}

class RedisBus extends LocalBus {
  private pub: Redis;
  private sub: Redis;
  private ready: Promise<unknown>;
  private closing = false;
  constructor(url: string, log: RedisLog) {
    super();
    this.pub = connectRedis(url, 'live events (publish)', log, { maxRetriesPerRequest: 3 });
    // ioredis's own resubscription after a reconnect leaves its promise unhandled: closing the bus while it is in
    // flight would end the process with an unhandled rejection. The bus subscribes again itself, and handles it.
    this.sub = connectRedis(url, 'live events (subscribe)', log, { autoResubscribe: false });
    const pattern = `${CHANNEL_PREFIX}*`;
    this.ready = this.sub.psubscribe(pattern);
    let connectedBefore = false;
    this.sub.on('ready', () => {
      // The first connection sends the subscription queued above; every later one has lost it.
      if (!connectedBefore) return void (connectedBefore = true);
      this.sub
        .psubscribe(pattern)
        .catch((err: Error) => this.closing || log.warn(`[pubsub] subscribing again after a reconnect failed: ${err.message}`));
    });
    this.sub.on('pmessage', (_pattern, channel, message) => {
      try {
        this.emitter.emit(channel.slice(CHANNEL_PREFIX.length), JSON.parse(message));
      } catch {
        /* a malformed message from outside is ignored */
      }
    });
  }
  async whenReady() {
    await this.ready;
  }
  override publish(topic: string, payload: object): void {
    this.here.emit(topic, payload);
    void this.pub.publish(CHANNEL_PREFIX + topic, JSON.stringify(payload)).catch((err) => console.error('[pubsub] publish failed', err));
  }
  override async close(): Promise<void> {
    this.closing = true;
    await super.close();
    this.sub.disconnect();
    this.pub.disconnect();
  }
}

export async function createEventBus(redisUrl?: string, log: RedisLog = console): Promise<EventBus> {
  if (!redisUrl) return new LocalBus();
  const bus = new RedisBus(redisUrl, log);
  await bus.whenReady();
  return bus;
}
