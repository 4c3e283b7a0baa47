import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, RouterProvider } from 'react-router-dom';
import { Providers } from './providers';
import { basename, router } from './router';
import { routes, type RouteHandle } from './routes';
import i18n, { i18nReady } from '../lib/i18n';
import { createApolloClient } from '../lib/apollo';
import { onSessionExpired } from '../lib/api';
import { session } from '../lib/session';
import { notify } from '../components/ui/toaster';
import { paths } from '../config/paths';

// A public page the server rendered (entry-server.tsx) comes with the data it was drawn from and the language it
// was drawn in. Restoring the data makes this browser's first render the same page; the queries then ask again
// as usual (fresh figures, and a listing's view is counted by the browser that shows it).
const container = document.getElementById('root')!;
const served = container.dataset.ssr;
const state = document.getElementById('ssr-state')?.textContent;

/** A 401 from any call, GraphQL or REST (lib/api.ts), clears the session and sends the browser to /login (spec section 4). */
function sessionExpired() {
  session.clear();
  void client.clearStore();
  notify.error(i18n.t('auth.sessionExpired'));
  // Signed out and on /login in one render (see Header's logout).
  if (window.location.pathname !== paths.login) void router.navigate(paths.login, { flushSync: true });
}
const { client } = createApolloClient(sessionExpired);
onSessionExpired(sessionExpired);
if (served && state) {
  try {
    client.cache.restore(JSON.parse(state));
  } catch {
    /* unreadable: the page loads its data as usual */
  }
}

// The drawn page's own code (its route's chunk) is fetched before taking it over, so it is adopted as it is.
const pageCode = served
  ? (matchRoutes(routes, window.location, basename) ?? []).map((m) =>
      (m.route.handle as RouteHandle | undefined)?.preload?.().catch(() => undefined),
    )
  : [];

/** Settles once the page is live: its first render (or its adoption of the drawn page) has been committed. */
let becameLive!: () => void;
export const live = new Promise<void>((resolve) => (becameLive = resolve));
function Live() {
  useEffect(() => becameLive(), []);
  return null;
}

// The first render waits for the UI language's strings (a chunk of their own), so no untranslated key shows.
void Promise.all([i18nReady, ...pageCode]).then(() => {
  const app = (
    <StrictMode>
      <Providers client={client} i18n={i18n}>
        <RouterProvider router={router} />
      </Providers>
      <Live />
    </StrictMode>
  );
  // The server draws pages as a visitor sees them. In the same language the browser takes the drawn page over
  // (hydration) — a signed-in user too: the first render is the visitor's (auth.tsx reads no session while
  // hydrating), then React updates what differs (the header's account menu); a press or typed text on the drawn
  // page meanwhile is kept (main.tsx). Another language gets the page drawn anew in place of it.
  // As a transition, React adopts the page in slices of a few milliseconds, leaving the browser free to answer the
  // visitor in between (one long task otherwise).
  if (served && served === i18n.language) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
});
