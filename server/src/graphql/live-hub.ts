import {
  createSourceEventStream,
  execute,
  getOperationAST,
  getArgumentValues,
  print,
  subscribe as graphqlSubscribe,
  type ExecutionArgs,
  type ExecutionResult,
  type FieldNode,
  type FormattedExecutionResult,
  type GraphQLSchema,
} from 'graphql';
import { getMetadataStorage } from 'type-graphql';
import type { EventBus } from './pubsub.js';

/** What the hub needs of a graphql-ws socket (the `ws` WebSocket). */
export interface LiveSocket {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  /** The `ws` WebSocket's TCP socket: a socket's frames of one flush are framed here and leave in one write. */
  readonly _socket?: { write(data: Buffer): boolean } | null;
  /** The `ws` WebSocket's negotiated extensions: frames are written directly only without compression. */
  readonly _extensions?: Record<string, unknown>;
}

/** Put on the subscription's context by graphql-ws's `context` option: where to write this operation's events. */
export interface LiveTarget {
  socket: LiveSocket;
  id: string;
}

type Filter = (data: { payload: object; args: Record<string, unknown>; context: unknown; info?: unknown }) => boolean | Promise<boolean>;

interface LiveField {
  topics: string[];
  filter?: Filter;
  /** At most one push per this many ms (the first at once, then the latest event of each window). */
  coalesceMs?: number;
}

/**
 * Fields whose result is a summary rather than the event itself: pushed at most once a second per instance, so a
 * burst of bookings does not recompute the admin figures (a scan of every paid payment) once per booking.
 */
const COALESCE_MS: Record<string, number> = { statsUpdated: 1000 };

interface Sub {
  target: LiveTarget;
  args: ExecutionArgs;
  fieldArgs: Record<string, unknown>;
  field: LiveField;
  /** Subscribers with the same operation text and variables get the same result for an event. */
  key: string;
  /** `{"id":…,"type":"next","payload":` for this operation, encoded once. */
  prefix: Buffer;
  removed?: boolean;
}

/** A subscriber and the encoded result it is sent (shared by every subscriber of the same operation and event). */
type Delivery = [Sub, Buffer];

const OPEN = 1;
/**
 * Frames for one socket are written at most once per this many ms (the first batch after a quiet spell at once).
 * Each write is a system call through the whole loopback/TCP stack (≈ 13 µs measured, the largest single cost of a
 * delivery); under a steady stream of events a socket's frames of one window leave in one write instead of one each.
 */
const LIVE_FLUSH_MS = 10;
const MAX_FLUSH_MS = 100;
const FLUSH_SLICE = 250;
/** A subscriber that cannot keep up (this much unsent on its socket) is closed; the client reconnects and refetches. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
// 1013 "Try Again Later": graphql-ws clients retry on it (4429 would be fatal to them), then refetch what they missed.
const SLOW_CONSUMER_CLOSE = { code: 1013, reason: 'Too many unread events; reconnect and refetch' };

/**
 * Live-update fan-out, one per server instance.
 *
 * graphql-js runs a subscription as one pipeline per subscriber: its own bus listener, an async filter, a full
 * execution of the selection set and a JSON encoding for every event. With a thousand subscribers that is a
 * thousand executions of the same query on the same data per event. The hub instead keeps ONE bus listener
 * per topic and, for each event:
 *   1. runs each subscriber's filter (the very filter declared on the `@Subscription`, with that subscriber's
 *      context: role and ownership are still checked one by one, against the subscriber's current access);
 *   2. executes the operation once per distinct (operation text, variables) among those who passed, with the
 *      event as root value, and encodes the result once;
 *   3. writes the graphql-ws `next` message straight to each socket, in event order.
 * This relies on one invariant, true of every subscription here: once the filter has said a subscriber may see
 * an event, the result does not depend on who is watching (no field reads the viewer from the context).
 *
 * Subscribe-time checks are unchanged: the operation first goes through graphql's `createSourceEventStream`
 * (TypeGraphQL's `@Authorized`, argument validation); its stream is then closed and the hub takes over.
 * Operations on fields the hub does not know go the ordinary graphql-js way.
 */
export class LiveHub {
  private fields = new Map<string, LiveField>();
  private byTopic = new Map<string, Set<Sub>>();
  private stops: Array<() => void> = [];
  /** Deliveries are written in event order, while the next event is already being prepared. */
  private tail: Promise<void> = Promise.resolve();
  private windows = new Map<LiveField, { timer: NodeJS.Timeout; latest: object | null }>();
  /** Frames waiting for the next flush, per socket, in event order. */
  private pending = new Map<LiveSocket, Delivery[]>();
  private flushTimer: NodeJS.Timeout | NodeJS.Immediate | null = null;
  private lastFlush = -Infinity;
  private flushing = false;
  /** How long writing the last batch took (ms of this thread's time, without the turns in between). */
  private lastFlushCost = 0;

  /**
   * @param format turns a result into the `next` payload: errors masked exactly as graphql-ws's `onNext` does for
   *   the operations that do not go through the hub.
   */
  constructor(
    private schema: GraphQLSchema,
    private bus: EventBus,
    private format: (result: ExecutionResult) => FormattedExecutionResult = plain,
  ) {
    const subscriptionType = schema.getSubscriptionType();
    for (const s of getMetadataStorage().subscriptions) {
      if (!subscriptionType?.getFields()[s.schemaName]) continue;
      if (typeof s.topics === 'function' || s.topics === undefined || s.topicId || s.subscribe) continue;
      this.fields.set(s.schemaName, {
        topics: Array.isArray(s.topics) ? s.topics : [s.topics],
        filter: s.filter as Filter | undefined,
        coalesceMs: COALESCE_MS[s.schemaName],
      });
    }
    const topics = new Set([...this.fields.values()].flatMap((f) => f.topics));
    for (const topic of topics) this.stops.push(bus.on(topic, (payload) => this.onEvent(topic, payload)));
  }

  /** graphql-ws's `subscribe`: the hub's stream for the fields it serves, graphql-js's otherwise. */
  async subscribe(args: ExecutionArgs): Promise<AsyncIterable<ExecutionResult> | ExecutionResult> {
    const target = (args.contextValue as { live?: LiveTarget } | undefined)?.live;
    const operation = getOperationAST(args.document, args.operationName);
    const node =
      operation?.operation === 'subscription' && operation.selectionSet.selections.length === 1
        ? operation.selectionSet.selections[0]
        : null;
    const field = node?.kind === 'Field' ? this.fields.get(node.name.value) : undefined;
    if (!target || !field || !node || node.kind !== 'Field') return graphqlSubscribe(args);

    // Authorization and arguments exactly as graphql-js would check them; the per-subscriber stream it opens is closed at once.
    const source = await createSourceEventStream(args);
    if (!(Symbol.asyncIterator in source)) return source;
    await source[Symbol.asyncIterator]().return?.();

    const fieldDef = this.schema.getSubscriptionType()!.getFields()[node.name.value];
    const fieldArgs = getArgumentValues(fieldDef, node as FieldNode, args.variableValues ?? undefined);
    const sub: Sub = {
      target,
      args,
      fieldArgs,
      field,
      key: `${print(args.document)}\n${JSON.stringify(args.variableValues ?? {})}`,
      prefix: Buffer.from(`{"id":${JSON.stringify(target.id)},"type":"next","payload":`),
    };
    for (const topic of field.topics) {
      let set = this.byTopic.get(topic);
      if (!set) this.byTopic.set(topic, (set = new Set()));
      set.add(sub);
    }
    return this.idleStream(() => this.remove(sub));
  }

  /** The number of subscriptions served (for tests and metrics). */
  get size(): number {
    const all = new Set<Sub>();
    for (const set of this.byTopic.values()) for (const s of set) all.add(s);
    return all.size;
  }

  close(): void {
    this.flush(true);
    for (const w of this.windows.values()) clearTimeout(w.timer);
    this.windows.clear();
    for (const stop of this.stops) stop();
    this.byTopic.clear();
  }

  private remove(sub: Sub) {
    sub.removed = true;
    for (const topic of sub.field.topics) this.byTopic.get(topic)?.delete(sub);
  }

  /** What graphql-ws iterates: nothing ever comes through it (the hub writes to the socket); it ends when the operation completes. */
  private idleStream(onEnd: () => void): AsyncIterableIterator<ExecutionResult> {
    let wake: ((r: IteratorResult<ExecutionResult>) => void) | null = null;
    let ended = false;
    const end = (): Promise<IteratorResult<ExecutionResult>> => {
      if (!ended) {
        ended = true;
        onEnd();
      }
      wake?.({ value: undefined, done: true });
      wake = null;
      return Promise.resolve({ value: undefined, done: true });
    };
    return {
      next: () => (ended ? Promise.resolve({ value: undefined, done: true }) : new Promise((resolve) => (wake = resolve))),
      return: end,
      throw: (err) => end().then(() => Promise.reject(err)),
      [Symbol.asyncIterator]() {
        return this;
      },
    };
  }

  private onEvent(topic: string, payload: object) {
    const subs = this.byTopic.get(topic);
    if (!subs?.size) return;
    const now: Sub[] = [];
    const coalesced = new Set<LiveField>();
    for (const s of subs) {
      if (s.field.coalesceMs) coalesced.add(s.field);
      else now.push(s);
    }
    if (now.length) this.dispatch(now, payload);
    for (const field of coalesced) this.throttle(field, payload);
  }

  /** Leading and trailing: the first event of a quiet field goes at once; later ones in its window become one push. */
  private throttle(field: LiveField, payload: object) {
    const open = this.windows.get(field);
    if (open) return void (open.latest = payload);
    this.dispatch(this.subscribersOf(field), payload);
    const window = {
      latest: null as object | null,
      timer: setTimeout(() => {
        this.windows.delete(field);
        if (window.latest) this.throttle(field, window.latest);
      }, field.coalesceMs),
    };
    window.timer.unref?.();
    this.windows.set(field, window);
  }

  private subscribersOf(field: LiveField): Sub[] {
    const all = new Set<Sub>();
    for (const topic of field.topics) for (const s of this.byTopic.get(topic) ?? []) if (s.field === field) all.add(s);
    return [...all];
  }

  private dispatch(list: Sub[], payload: object) {
    // Decided after the current turn, so that every plain listener of this event (e.g. the access cache forgetting a
    // user whose role just changed) has run before the filters look.
    const prepared = Promise.resolve()
      .then(() => this.prepare(list, payload))
      .catch((err) => {
        console.error('[live] could not prepare an event', err);
        return [] as Delivery[];
      });
    this.tail = this.tail.then(() => prepared).then((deliveries) => this.deliver(deliveries));
  }

  private async prepare(subs: Sub[], payload: object): Promise<Delivery[]> {
    // 1. Who may see it: each subscriber's own filter (synchronous when their access is cached).
    const verdicts: Array<boolean | Promise<boolean>> = subs.map((s) => {
      if (!s.field.filter) return true;
      try {
        return s.field.filter({ payload, args: s.fieldArgs, context: s.args.contextValue });
      } catch {
        return false;
      }
    });
    const passed = verdicts.some((v) => typeof v !== 'boolean')
      ? await Promise.all(verdicts.map((v) => Promise.resolve(v).catch(() => false)))
      : (verdicts as boolean[]);

    // 2. One execution and one encoding per distinct operation among them.
    const results = new Map<string, Promise<Buffer>>();
    const keys: string[] = [];
    const chosen: Sub[] = [];
    subs.forEach((s, i) => {
      if (!passed[i]) return;
      if (!results.has(s.key)) {
        keys.push(s.key);
        results.set(
          s.key,
          Promise.resolve(execute({ ...s.args, rootValue: payload })).then((r) => Buffer.from(JSON.stringify(this.format(r)))),
        );
      }
      chosen.push(s);
    });
    const encoded = new Map<string, Buffer>();
    (await Promise.all(keys.map((k) => results.get(k)!))).forEach((b, i) => encoded.set(keys[i], b));
    return chosen.map((s) => [s, encoded.get(s.key)!]);
  }

  private deliver(deliveries: Delivery[]) {
    for (const d of deliveries) {
      const socket = d[0].target.socket;
      let queue = this.pending.get(socket);
      if (!queue) this.pending.set(socket, (queue = []));
      queue.push(d);
    }
    this.scheduleFlush();
  }

  private scheduleFlush() {
    if (this.flushTimer || this.flushing || !this.pending.size) return;
    // At least LIVE_FLUSH_MS apart, and three times as long as writing the last batch took: a server busy writing
    // to many sockets writes bigger batches less often instead of spending its whole time in system calls.
    const wait = this.lastFlush + Math.min(MAX_FLUSH_MS, Math.max(LIVE_FLUSH_MS, 3 * this.lastFlushCost)) - performance.now();
    this.flushTimer = wait > 0 ? setTimeout(() => this.flush(), wait) : setImmediate(() => this.flush());
  }

  /**
   * Writes every socket's waiting frames, a slice of sockets per turn of the event loop so that database replies
   * and requests are served in between (a thousand writes take ≈ 15 ms). `now`: all at once (closing).
   */
  private flush(now = false) {
    if (this.flushTimer) {
      clearTimeout(this.flushTimer as NodeJS.Timeout);
      clearImmediate(this.flushTimer as NodeJS.Immediate);
    }
    this.flushTimer = null;
    if (this.flushing && !now) return;
    this.flushing = true;
    this.lastFlush = performance.now();
    const batch = [...this.pending];
    this.pending = new Map();
    let i = 0;
    let cost = 0;
    const step = () => {
      const t = performance.now();
      const end = now ? batch.length : Math.min(batch.length, i + FLUSH_SLICE);
      for (; i < end; i++) this.write(batch[i][0], batch[i][1]);
      cost += performance.now() - t;
      if (i < batch.length) return void setImmediate(step);
      this.lastFlushCost = cost;
      this.flushing = false;
      this.scheduleFlush();
    };
    step();
  }

  private write(socket: LiveSocket, frames: Delivery[]) {
    if (socket.readyState !== OPEN) return;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) return void socket.close(SLOW_CONSUMER_CLOSE.code, SLOW_CONSUMER_CLOSE.reason);
    const live = frames.filter(([sub]) => !sub.removed);
    const raw = socket._socket;
    if (raw && !socket._extensions?.['permessage-deflate']) {
      // The frames as the `ws` library would frame them (server to client: unmasked text), all in one write.
      const parts: Buffer[] = [];
      for (const [sub, payload] of live) {
        const length = sub.prefix.length + payload.length + CLOSE.length;
        parts.push(frameHeader(length), sub.prefix, payload, CLOSE);
      }
      if (parts.length) raw.write(Buffer.concat(parts));
      return;
    }
    for (const [sub, payload] of live) socket.send(`${sub.prefix.toString()}${payload.toString()}}`);
  }
}

const CLOSE = Buffer.from('}');

/** A final text frame's header for a payload of `length` bytes (RFC 6455 §5.2; a server's frames are not masked). */
export function frameHeader(length: number): Buffer {
  if (length < 126) return Buffer.from([0x81, length]);
  if (length < 65536) return Buffer.from([0x81, 126, length >> 8, length & 0xff]);
  const h = Buffer.alloc(10);
  h[0] = 0x81;
  h[1] = 127;
  h.writeBigUInt64BE(BigInt(length), 2);
  return h;
}

/** The `next` payload as graphql-ws writes it without an `onNext` hook. */
function plain(result: ExecutionResult): FormattedExecutionResult {
  const { errors, ...rest } = result;
  return errors ? { ...rest, errors: errors.map((e) => e.toJSON()) } : rest;
}
