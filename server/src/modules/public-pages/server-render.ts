import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Request } from 'express';
import type { Deps } from '../../deps.js';
import { PublicListCache } from '../../cache/public-list.cache.js';
import { onSettingsSavedHere, SETTINGS_TOPICS } from '../settings/settings.events.js';
import { ARABIC_BASE, splitLanguagePath } from '../../shared/language-path.js';
import type { Locale } from '../../shared/locale.js';

/** What client/src/app/entry-server.tsx exports (built by `npm run build:client` into client/dist-ssr). */
interface RenderEntry {
  prepare(): Promise<unknown>;
  canRender(pathname: string): boolean;
  render(req: {
    url: string;
    basename?: string;
    language: Locale;
    graphqlUrl: string;
    signal?: AbortSignal;
  }): Promise<{ html: string; head: string; state: object }>;
}

export interface RenderedPage {
  /** The page's markup, for inside `<div id="root">`. */
  html: string;
  /** Its styles, for the end of `<head>`. */
  head: string;
  /** The Apollo cache it was drawn from, as JSON safe inside a `<script type="application/json">`. */
  state: string;
}

/** Renders in flight at once per instance; past that a page is sent undrawn (the browser draws it, as before). */
const MAX_CONCURRENT_RENDERS = 4;
/**
 * How long a drawn page is reused when no listing, owner or settings change empties them first. The browser asks
 * for fresh data as soon as it has taken the page over, so this only bounds how old the first paint's figures
 * (view counts, the home page's live figures) can be.
 */
const DRAWN_PAGE_TTL_MS = 60_000;
/** A render that has not finished by then is given up: the page is sent undrawn. */
const RENDER_TIMEOUT_MS = 3_000;

/** JSON inside a script element: `<` escaped so that no `</script>` or `<!--` can end or change it. */
export const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The query parameters each drawn page reads (as the client's route reads them), in a fixed order. */
const DRAWN_QUERY: Record<string, readonly string[]> = { '/resources': ['category', 'q', 'sort', 'page', 'from', 'to'] };

function drawnQuery(path: string, req: Request): string {
  const names = DRAWN_QUERY[path.replace(/(.)\/$/, '$1')];
  if (!names) return '';
  const query = new URLSearchParams();
  for (const name of names) {
    const value = req.query[name];
    if (typeof value === 'string' && value) query.set(name, value);
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

/**
 * Server rendering of the public pages for visitors, per instance. The drawn pages are remembered like the public
 * marketplace list (a listing or owner change empties them at once, on every instance), keyed by language and path.
 * Every failure — no SSR build, a render error, a timeout, too many renders at once, the rendering code not loaded yet —
 * leaves the page undrawn, exactly as it was before server rendering: never an error page.
 */
export class ServerRenderer {
  /** Set once the rendering code and every page's code are loaded; until then pages go out undrawn. */
  private loaded: RenderEntry | null = null;
  private loading: (() => void) | null;
  private pages: PublicListCache<RenderedPage>;
  private inFlight = 0;
  private stopSettings: () => void;

  constructor(
    deps: Deps,
    clientDist: string,
    private log: (msg: string, err?: unknown) => void,
  ) {
    const file = join(clientDist, '..', 'dist-ssr', 'entry-server.js');
    // Loaded in the background when the first page is asked for (that page goes out undrawn): loading takes ≈ 2 s of
    // this process's time, which an instance that only answers the API — or a starting one — should not pay.
    this.loading = !existsSync(file)
      ? null
      : () => {
          this.loading = null;
          void (import(pathToFileURL(file).href) as Promise<RenderEntry>)
            .then(async (module) => {
              await module.prepare();
              this.loaded = module;
            })
            .catch((err: unknown) => log('[ssr] the server-rendering build could not be loaded; pages are sent undrawn', err));
        };
    this.pages = new PublicListCache<RenderedPage>(deps, DRAWN_PAGE_TTL_MS);
    const stopHere = onSettingsSavedHere(deps, () => this.pages.invalidate());
    const stopBus = deps.bus.on(SETTINGS_TOPICS.settingsChanged, () => this.pages.invalidate());
    this.stopSettings = () => (stopHere(), stopBus());
  }

  /** The drawn page for this request, or null to send the page undrawn. */
  async render(req: Request, language: Locale): Promise<RenderedPage | null> {
    const entry = this.loaded;
    if (!entry) return (void this.loading?.(), null);
    // An Arabic address (/ar/…) is drawn with the router's base, so that the page's links keep the language.
    const { language: named, path } = splitLanguagePath(req.path);
    if (!entry.canRender(path)) return null;
    // Drawn from the path and the query parameters the page reads (the marketplace's filters), so that
    // `/resources?category=…&page=2` arrives as that page; other parameters (?lang= is read above, ?edit= is for
    // owners) are left out. Pages with a free-text search are drawn but not remembered: their number has no bound.
    const query = drawnQuery(path, req);
    const key = `${language} ${req.path}${query}`;
    // Free dates (from/to) change with every booking, which does not empty these pages: drawn afresh each time.
    const remembered = !/[?&](q|from|to)=/.test(query);
    const cached = remembered ? this.pages.peek(key) : undefined;
    if (cached) return cached;
    if (this.inFlight >= MAX_CONCURRENT_RENDERS) return null;
    this.inFlight++;
    try {
      const draw = async () => {
        // Our own GraphQL endpoint, on the address and port this request came in on.
        const host = req.socket.localAddress ?? '127.0.0.1';
        const graphqlUrl = `http://${host.includes(':') ? `[${host}]` : host}:${req.socket.localPort}/graphql`;
        const { html, head, state } = await entry.render({
          url: `http://localhost${req.path}${query}`,
          basename: named ? ARABIC_BASE : undefined,
          language,
          graphqlUrl,
          signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
        });
        return { html, head, state: scriptSafeJson(state) };
      };
      return await (remembered ? this.pages.get(key, draw) : draw());
    } catch (err) {
      this.log(`[ssr] ${req.path} was sent undrawn`, err);
      return null;
    } finally {
      this.inFlight--;
    }
  }

  close(): void {
    this.stopSettings();
    this.pages.close();
  }
}

/**
 * Puts a drawn page into index.html: its markup in the root element, its styles at the end of the head, its data
 * beside the root. The module preloads go:
 * on a drawn page the application's code is fetched after the page is painted (main.tsx), so that its ≈ 250 KB do
 * not compete with the page and its pictures for a slow connection; an undrawn page keeps them (nothing to show
 * before the code).
 */
export function insertRendered(html: string, page: RenderedPage, language: string): string {
  return html
    .replace(/^\s*<link rel="modulepreload"[^>]*>\n?/gm, '')
    .replace('</head>', () => `${page.head}</head>`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root" data-ssr="${language}">${page.html}</div>\n    <script type="application/json" id="ssr-state">${page.state}</script>`,
    );
}
