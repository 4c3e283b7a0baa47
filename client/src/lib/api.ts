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
 * Methods the same request may be sent twice with (RFC 9110 §9.2.2): after a network error the first copy may have
 * reached a server and done its work, and sending one of these again does no more.
 */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);
/**
 * Network errors that prove nothing was sent: no connection was made (refused, unknown host). Node's fetch says so
 * in `cause.code`; browsers do not, so there any network error may have come after the request went out.
 */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);
const neverSent = (err: TypeError) => NOT_CONNECTED.has(String((err.cause as { code?: unknown } | undefined)?.code));

/**
 * The one fetch for the REST adapter (`/api…`), with the GraphQL client's rules: the bearer token, backend failover
 * (a network error or a blocked 403 moves to the next candidate base URL, which is kept, and the request is sent
 * once more there), and a 401 on a signed-in request ends the session.
 *
 * Sent once more only when that cannot do something twice: an idempotent method, a blocked 403 (a proxy answered;
 * our server never saw it), or a connection that was never made. A POST lost to a dropped connection may have
 * created a listing or started a chat reply: the caller gets the network error (the user decides to try again), and
 * the next call goes to the next candidate.
 */
export async function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const token = session.token();
  const headers = new Headers(init.headers);
  if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
  const idempotent = IDEMPOTENT.has((init.method ?? 'GET').toUpperCase());
  type Outcome =
    { res: Response; unreachable: boolean; mayHaveArrived: false } | { err: TypeError; unreachable: true; mayHaveArrived: boolean };
  const send = async (): Promise<Outcome> => {
    try {
      const res = await fetch(`${currentBase()}/api${path}`, { ...init, headers });
      return { res, unreachable: await blocked(res), mayHaveArrived: false };
    } catch (err) {
      // fetch rejects with a TypeError when the server cannot be reached (or CORS refuses); an abort is the caller's.
      if (err instanceof TypeError) return { err, unreachable: true, mayHaveArrived: !neverSent(err) };
      throw err;
    }
  };
  // One retry per request, on the next candidate (spec section 4); a blocked 403 after it goes back to the caller.
  let outcome = await send();
  if (outcome.unreachable && failOver(currentBase()) && (idempotent || !outcome.mayHaveArrived)) outcome = await send();
  if ('err' in outcome) throw outcome.err;
  const { res } = outcome;
  if (res.status === 401 && token && session.token() === token) sessionExpired();
  return res;
}
