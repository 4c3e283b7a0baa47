import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider, type RouteObject } from 'react-router-dom';
import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';
import { prerenderStatic } from '@apollo/client/react/ssr';
import { createInstance } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { Providers } from './providers';
import { routes, type RouteHandle } from './routes';
import type { Locale } from '@shared/locale';

/**
 * Server rendering of the public pages (built by `vite build --ssr` into client/dist-ssr, used by the server's page
 * shell). A visitor's page arrives drawn — text, listings, prices — before any JavaScript has run; the browser
 * then takes it over (main.tsx). Everything here is per request: its own i18next instance in the page's language
 * and its own Apollo client, which asks our GraphQL endpoint for the page's data as a visitor would.
 */
export interface RenderRequest {
  /** Absolute URL of the page. */
  url: string;
  /** The router's base for a language address (`/ar`). */
  basename?: string;
  language: Locale;
  /** Our own GraphQL endpoint (loopback). */
  graphqlUrl: string;
  /** Stops the render loop (the page shell then serves the unrendered page). */
  signal?: AbortSignal;
}

export interface RenderResult {
  html: string;
  /** The page's styles, for the end of `<head>` (see hoistStyles). */
  head: string;
  /** The Apollo cache after the render: the browser restores it so that its first render matches this one. */
  state: object;
}

const STRINGS = { en: () => import('../lib/bundles/en'), ar: () => import('../lib/bundles/ar') } as const;

/** Whether the page at this path is one the server draws (its route says so: `handle.ssr`). */
export function canRender(pathname: string): boolean {
  const deepest = matchRoutes(routes, pathname)?.at(-1);
  return (deepest?.route.handle as RouteHandle | undefined)?.ssr === true;
}

// The code of every page the server draws, loaded once: a page then renders without suspending (renderToString
// would send its spinner).
const handles = (list: RouteObject[]): RouteHandle[] =>
  list.flatMap((r) => [...(r.handle ? [r.handle as RouteHandle] : []), ...handles(r.children ?? [])]);
let pagesLoaded: Promise<unknown> | undefined;
/** Loads the drawn pages' code; the server calls it once, when it loads this module, before drawing any page. */
export const prepare = (): Promise<unknown> => (pagesLoaded ??= Promise.all(handles(routes).map((h) => h.preload?.())));

export async function render({ url, basename, language, graphqlUrl, signal }: RenderRequest): Promise<RenderResult> {
  await prepare();
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: language,
    resources: { [language]: { translation: (await STRINGS[language]()).default } },
    fallbackLng: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });
  const client = new ApolloClient({
    ssrMode: true,
    // Marked as the server's own rendering: a listing view is counted when the browser asks, not here.
    link: new HttpLink({ uri: graphqlUrl, headers: { 'accept-language': language, 'x-mawarid-render': 'server' } }),
    cache: new InMemoryCache(),
  });

  const { query, dataRoutes } = createStaticHandler(routes, { basename });
  const context = await query(new Request(url, { signal }));
  if (context instanceof Response) throw new Error(`unexpected router response ${context.status}`);
  const router = createStaticRouter(dataRoutes, context);

  const tree = (
    <StrictMode>
      <Providers client={client} i18n={i18n}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>
  );
  const { result, aborted } = await prerenderStatic({
    tree,
    signal,
    maxRerenders: 5,
    // renderToString: the whole page in one string, no inline scripts (our CSP allows none; the streaming renderers
    // reveal late parts with them). Every page is preloaded above and the data is awaited by the render loop.
    renderFunction: renderToString,
  });
  if (aborted) throw new Error('render aborted');
  const state = client.extract() as object;
  client.stop();
  return { ...hoistStyles(result), state };
}

const EMOTION_STYLE = /<style data-emotion="([^"]+)"[^>]*>([\s\S]*?)<\/style>/g;

/**
 * Emotion (Chakra's styling engine) writes each style beside the element that first uses it: dozens of `<style>`
 * elements inside the page, which the browser's Emotion then moves into `<head>` one by one before adopting the
 * page — and every move makes the browser recompute the whole page's style (≈ 100 ms on a phone). They go to the
 * head here instead: the global ones as they are, the others as one element, all marked as already moved
 * (`data-s`). The browser's Emotion reads the same names from them, so it inserts none of these styles again.
 */
export function hoistStyles(markup: string): { html: string; head: string } {
  const globals: string[] = [];
  const names: string[] = [];
  let css = '';
  const html = markup.replace(EMOTION_STYLE, (_, key: string, rules: string) => {
    if (key.startsWith('css ')) {
      names.push(key.slice(4));
      css += rules;
    } else globals.push(`<style data-emotion="${key}" data-s="">${rules}</style>`);
    return '';
  });
  const head = globals.join('') + (names.length ? `<style data-emotion="css ${names.join(' ')}" data-s="">${css}</style>` : '');
  return { html, head };
}
