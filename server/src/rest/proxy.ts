import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import express from 'express';
import type { Env } from '../config/env.js';

/** Whether the hop at `addr`, `hop` steps from us, may speak for the client (X-Forwarded-For/-Proto). */
export type TrustProxy = (addr: string | undefined, hop: number) => boolean;

const compiled = new WeakMap<Env, TrustProxy>();

/**
 * Express's own compiled `trust proxy` function for TRUST_PROXY (Express compiles the setting when it is set), so
 * the paths that answer before Express (the fast public list/query, WebSocket connections) decide the client's
 * address and https exactly as `req.ip` and `req.secure` do.
 */
export function trustProxyOf(env: Env): TrustProxy {
  let fn = compiled.get(env);
  if (!fn) {
    const probe = express();
    probe.set('trust proxy', env.trustProxy);
    fn = probe.get('trust proxy fn') as TrustProxy;
    compiled.set(env, fn);
  }
  return fn;
}

/** Express's `req.secure`: TLS here, or X-Forwarded-Proto's first value from a trusted hop. */
export function isSecure(req: IncomingMessage, trust: TrustProxy): boolean {
  if ((req.socket as TLSSocket).encrypted === true) return true;
  if (!trust(req.socket.remoteAddress, 0)) return false;
  return (
    String(req.headers['x-forwarded-proto'] ?? '')
      .split(',')[0]
      .trim() === 'https'
  );
}

/** Express's `req.ip` (proxy-addr's rule): walk X-Forwarded-For from the nearest hop while each hop is trusted. */
export function clientAddress(req: IncomingMessage, trust: TrustProxy): string {
  const forwarded = String(req.headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .reverse();
  const addrs = [req.socket.remoteAddress ?? 'unknown', ...forwarded];
  for (let i = 0; i < addrs.length - 1; i++) if (!trust(addrs[i], i)) return addrs[i];
  return addrs[addrs.length - 1];
}
