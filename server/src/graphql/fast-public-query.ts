import type { IncomingMessage, ServerResponse } from 'node:http';
import { getOperationAST, Kind, parse } from 'graphql';
import { PUBLIC_LIST_TTL_MS, type PublicListCache } from '../cache/public-list.cache.js';
import { isSecure, type TrustProxy } from '../rest/proxy.js';

/** Root fields whose answer is the same for every visitor and changes only with the public list. */
const PUBLIC_ROOT_FIELDS = new Set(['resources', '__typename']);
const MAX_BODY_BYTES = 16 * 1024;
const MAX_QUERIES = 200;
const MAX_ANSWERS = 500;
/** Not replayed: they describe this connection, not the answer. */
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'x-request-id']);

interface Answer {
  generation: number;
  at: number;
  headers: Record<string, string | string[] | number>;
  body: Buffer;
}

/** The parsed JSON body of a /graphql POST this module read, for the Express chain that takes over (see `preparsedBody`). */
const bodies = new WeakMap<IncomingMessage, { ok: true; value: unknown } | { ok: false }>();

/**
 * The marketplace page's GraphQL query, answered again without Apollo when nothing changed. Every visitor sends
 * the same `resources` query; through Express and Apollo (context, parsing, execution of ≈ 250 fields, encoding)
 * it cost ≈ 1 ms of CPU, a twentieth of what a bare Node server sending the same bytes manages (issue #9).
 *
 * Only a visitor's (no token, no Origin) JSON POST whose operation asks for nothing but `resources` is concerned.
 * The first such request goes through Express and Apollo as any other; its answer — status 200 without errors —
 * is recorded as it leaves (status, headers, body), keyed by everything that shapes it (query, operation name,
 * variables, extensions, Accept, TLS). Identical requests then get the recorded bytes until
 * a listing or an owner changes (the public list cache's generation moves) or PUBLIC_LIST_TTL_MS passes.
 * Resource fields must answer every visitor alike: the only ones that read the viewer (`pendingChanges`,
 * `changesRejectionReason`) are null without a token, which is all this path serves.
 */
export function fastPublicQuery(
  cache: PublicListCache<unknown>,
  trust: TrustProxy,
  /** A remembered answer is being sent (the request is reported as this operation, Apollo does not see it). */
  onReplay: (res: ServerResponse, operationName: string | undefined) => void = () => {},
) {
  const publicOnly = new Map<string, boolean>();
  const answers = new Map<string, Answer>();

  const isPublicOnly = (query: string, operationName: string | undefined): boolean => {
    const key = `${operationName ?? ''}\n${query}`;
    let yes = publicOnly.get(key);
    if (yes === undefined) {
      try {
        const op = getOperationAST(parse(query, { noLocation: true }), operationName);
        yes =
          !!op &&
          op.operation === 'query' &&
          op.selectionSet.selections.every((s) => s.kind === Kind.FIELD && PUBLIC_ROOT_FIELDS.has(s.name.value));
      } catch {
        yes = false;
      }
      if (publicOnly.size >= MAX_QUERIES) publicOnly.clear();
      publicOnly.set(key, yes);
    }
    return yes;
  };

  /** Returns false when the request is not one it handles (nothing read); otherwise it answers or calls `fallback`. */
  return (req: IncomingMessage, res: ServerResponse, fallback: () => void): boolean => {
    if (req.method !== 'POST' || req.url !== '/graphql' || req.headers.authorization || req.headers.origin) return false;
    const type = (req.headers['content-type'] ?? '').toLowerCase().replace(/\s+/g, '');
    if (type !== 'application/json' && type !== 'application/json;charset=utf-8') return false;
    const length = Number(req.headers['content-length']);
    if (
      !Number.isInteger(length) ||
      length <= 0 ||
      length > MAX_BODY_BYTES ||
      req.headers['transfer-encoding'] ||
      req.headers['content-encoding']
    )
      return false;

    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.once('error', () => res.destroy());
    req.once('end', () => {
      let value: unknown;
      try {
        value = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        bodies.set(req, { ok: false });
        return fallback();
      }
      bodies.set(req, { ok: true, value });
      const b = value as { query?: unknown; operationName?: unknown; variables?: unknown; extensions?: { persistedQuery?: unknown } };
      if (
        !b ||
        typeof b !== 'object' ||
        Array.isArray(b) ||
        typeof b.query !== 'string' ||
        b.extensions?.persistedQuery !== undefined ||
        (b.operationName != null && typeof b.operationName !== 'string') ||
        !isPublicOnly(b.query, (b.operationName as string | null) ?? undefined) ||
        datedList(b.query, b.variables)
      )
        return fallback();

      const secure = isSecure(req, trust);
      const key = JSON.stringify([
        req.headers.accept ?? '',
        secure,
        b.query,
        b.operationName ?? null,
        b.variables ?? null,
        b.extensions ?? null,
      ]);
      const now = Date.now();
      const hit = answers.get(key);
      // (Express answers conditional requests with 304 for GET and HEAD only: a POST always gets the body.)
      if (hit && hit.generation === cache.generation && now - hit.at < PUBLIC_LIST_TTL_MS) {
        onReplay(res, (b.operationName as string | null) ?? undefined);
        return void res.writeHead(200, hit.headers).end(hit.body);
      }

      // Record the answer the ordinary way produces, if it is a clean 200 and nothing changed meanwhile.
      const generation = cache.generation;
      const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
      (res as { end: unknown }).end = (chunk?: unknown, ...rest: unknown[]) => {
        if (res.statusCode === 200 && cache.generation === generation && (typeof chunk === 'string' || Buffer.isBuffer(chunk))) {
          const body = Buffer.from(chunk as string | Buffer);
          let clean = false;
          try {
            clean = !('errors' in JSON.parse(body.toString('utf8')));
          } catch {
            /* not JSON: not recorded */
          }
          if (clean) {
            const headers: Answer['headers'] = {};
            for (const [name, v] of Object.entries(res.getHeaders()))
              if (v !== undefined && !PER_CONNECTION.has(name)) headers[name] = v as string | string[] | number;
            if (answers.size >= MAX_ANSWERS) answers.delete(answers.keys().next().value!);
            answers.set(key, { generation, at: now, headers, body });
          }
        }
        return end(chunk, ...rest);
      };
      fallback();
    });
    return true;
  };
}

/**
 * A list filtered by free dates (`availableFrom`/`availableTo`, written in the query or given as a variable) changes
 * with every booking and blocked day, which do not move the public list's generation: never replayed.
 */
function datedList(query: string, variables: unknown): boolean {
  if (/available(From|To)\s*:\s*"/.test(query)) return true;
  return /"available(From|To)":"/.test(JSON.stringify(variables ?? null));
}

/**
 * First on the Express /graphql chain: a body `fastPublicQuery` already read is handed on as `req.body` (express.json
 * then skips the finished request), and one that was not JSON fails exactly as express.json would fail it.
 */
export function preparsedBody(req: IncomingMessage & { body?: unknown }, _res: unknown, next: (err?: unknown) => void): void {
  const b = bodies.get(req);
  if (!b) return next();
  if (!b.ok)
    return next(
      Object.assign(new SyntaxError('Request body is not valid JSON'), {
        type: 'entity.parse.failed',
        status: 400,
        statusCode: 400,
        expose: true,
      }),
    );
  req.body = b.value;
  next();
}
