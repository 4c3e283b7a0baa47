/**
 * The client's i18n module reads localStorage, navigator, document and location at import time. The client test project
 * runs in Node, so give it the few members it touches (a test-only stand-in for the browser, not for our code).
 */
const store = new Map<string, string>();
const g = globalThis as Record<string, unknown>;
g.localStorage ??= {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, String(v)),
  removeItem: (k: string) => void store.delete(k),
  clear: () => store.clear(),
};
if (!('navigator' in globalThis)) g.navigator = { language: 'en-US' };
g.document ??= { documentElement: { lang: '', dir: '' } };
g.location ??= { pathname: '/', search: '', hash: '' };
