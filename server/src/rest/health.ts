import type { Request, Response } from 'express';
import type { Deps } from '../deps.js';

type Check = 'ok' | 'unavailable';

/** A dependency that has not answered in this long counts as unavailable (a probe must answer before its own time-out). */
const CHECK_TIMEOUT_MS = 2000;

async function probe(run: () => Promise<unknown>): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([run(), timeout]);
    return 'ok';
  } catch {
    return 'unavailable';
  } finally {
    clearTimeout(timer);
  }
}

/** What this instance needs to serve requests: the database, Redis when REDIS_URL is set, and the file store. */
async function readiness(deps: Deps): Promise<{ ready: boolean; checks: Record<string, Check> }> {
  const [database, redis, storage] = await Promise.all([
    probe(() => deps.orm.em.getConnection().execute('select 1')),
    deps.redis ? probe(() => deps.redis!.ping()) : undefined,
    probe(() => Promise.all([deps.stores.images.check(), deps.stores.files.check()])),
  ]);
  const checks: Record<string, Check> = { database, ...(redis ? { redis } : {}), storage };
  return { ready: Object.values(checks).every((c) => c === 'ok'), checks };
}

/**
 * GET /api/health/live: the process answers (a liveness probe: restart it when this fails). Touches nothing else,
 * so a database outage does not get every instance restarted.
 */
export function live(_req: Request, res: Response) {
  res.setHeader('Cache-Control', 'no-store');
  res.json({ status: 'ok' });
}

/** GET /api/health/ready: 200 when every dependency answers, else 503 naming the ones that do not (take it out of rotation). */
export function ready(deps: Deps) {
  return async (_req: Request, res: Response) => {
    const { ready, checks } = await readiness(deps);
    res.setHeader('Cache-Control', 'no-store');
    res.status(ready ? 200 : 503).json({ status: ready ? 'ok' : 'unavailable', checks });
  };
}
