import { session } from './session';
import { currentBase, failOver } from './backend';

/**
 * What a 401 does (spec section 4: session cleared, go to /login). The app sets the same handler the GraphQL
 * client uses (app/start.tsx); this default is for code running without it.
 */
let sessionExpired: () => void = () => {
  session.clear();
  window.location.assign('/login');
};
export function onSessionExpired(handler: () => void): void {
  sessionExpired = handler;
}

/** A 403 the REST adapter did not write (its errors are JSON with a `detail`): a proxy or firewall in the way. */
async function blocked(res: Response): Promise<boolean> {
  if (res.status !== 403) return false;
  const text = await res
    .clone()
    .text()
    .catch(() => '');
  return !text.includes('"detail"');
}

/**
 * The one fetch for the REST adapter (`/api…`), with the GraphQL client's rules: the bearer token, backend failover
 * (a network error or a blocked 403 moves to the next candidate base URL, which is kept, and the request is sent
 * once more there), and a 401 on a signed-in request ends the session.
 */
export async function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const token = session.token();
  const headers = new Headers(init.headers);
  if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
  type Outcome = { res: Response; unreachable: boolean } | { err: TypeError; unreachable: true };
  const send = async (): Promise<Outcome> => {
    try {
      const res = await fetch(`${currentBase()}/api${path}`, { ...init, headers });
      return { res, unreachable: await blocked(res) };
    } catch (err) {
      // fetch rejects with a TypeError when the server cannot be reached (or CORS refuses); an abort is the caller's.
      if (err instanceof TypeError) return { err, unreachable: true };
      throw err;
    }
  };
  // One retry per request, on the next candidate (spec section 4); a blocked 403 after it goes back to the caller.
  let outcome = await send();
  if (outcome.unreachable && failOver(currentBase())) outcome = await send();
  if ('err' in outcome) throw outcome.err;
  const { res } = outcome;
  if (res.status === 401 && token && session.token() === token) sessionExpired();
  return res;
}
