/**
 * The entry. A page the server drew (entry-server.tsx) is painted before the application's code is fetched and
 * run — evaluating that code is the longest task of a visit, and on a slow connection its download competes with
 * the page's pictures — so the visitor reads the page meanwhile (the server leaves out the preloads of a drawn
 * page). An undrawn page starts at once, its code already downloading (index.html preloads it: vite.plugins.ts).
 */
// zod probes once whether `new Function` is allowed (for its compiled parsers). Our Content-Security-Policy has no
// 'unsafe-eval', so the browser refuses the probe and logs a CSP violation on every page that validates a form or
// a query (Lighthouse's best practices count it). Told beforehand, zod does not try; it parses without compiling.
Object.assign(((globalThis as { __zod_globalConfig?: object }).__zod_globalConfig ??= {}), { jitless: true });

const drawn = !!document.getElementById('root')?.dataset.ssr;

// Until the application has taken a drawn page over, its buttons and forms do nothing of their own (a form would
// even be sent natively), and a link would load the next page whole, without what the application hands it (e.g.
// "Get Started" opens the sign-up form). A press or a submission meanwhile is held, and done again once the page
// is live. A link opened in a new tab or window (modifier keys, target) goes its native way, and so does one to a
// place on the same page (the skip link: the browser scrolls and moves the focus itself, no page load).
const samePage = (a: HTMLAnchorElement) =>
  !!a.hash && a.origin === location.origin && a.pathname === location.pathname && a.search === location.search;
const held: Array<HTMLElement | HTMLFormElement> = [];
const hold = (e: Event) => {
  const target = e.target instanceof Element ? e.target : null;
  const el = e.type === 'submit' ? target : target?.closest('a[href], button, input[type="submit"], [role="button"], label');
  if (!(el instanceof HTMLElement)) return;
  const mouse = e as MouseEvent;
  if (
    el instanceof HTMLAnchorElement &&
    (el.target || mouse.button !== 0 || mouse.ctrlKey || mouse.metaKey || mouse.shiftKey || mouse.altKey || samePage(el))
  )
    return;
  e.preventDefault();
  e.stopImmediatePropagation();
  held.push(el);
};
// What is typed meanwhile stays on screen but the application does not know it (its fields start empty): the last
// value of each field is handed to it, as an input event, before the held presses are done again.
type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
const typed = new Map<Field, string>();
const remember = (e: Event) => {
  const t = e.target;
  const text = t instanceof HTMLInputElement && !['checkbox', 'radio', 'file', 'submit', 'button'].includes(t.type);
  if (text || t instanceof HTMLTextAreaElement || t instanceof HTMLSelectElement) typed.set(t, t.value);
};
const handOver = (field: Field, value: string) => {
  const type = field instanceof HTMLSelectElement ? 'change' : 'input';
  // First as it is: if React has not adopted this part of the page yet, it does now — and, adopting it, takes the
  // typed value as the field's starting point (a text field) or puts its own back (a select), so it sees no change.
  field.dispatchEvent(new Event(type, { bubbles: true }));
  // Then as a change: through the element's own setter first (React's record of the field then says ''), then the
  // prototype's; React sees a change and takes the value into its state.
  if (!(field instanceof HTMLSelectElement)) field.value = '';
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event(type, { bubbles: true }));
};
const HELD = ['click', 'submit'];
const TYPED = ['input', 'change'];
if (drawn) {
  for (const type of HELD) document.addEventListener(type, hold, true);
  for (const type of TYPED) document.addEventListener(type, remember, true);
}
// A held press is done again on its element; if the page was drawn anew meanwhile (another language than the drawn
// one), a link still goes where it pointed — through the same link on the new page, else by loading its address.
const again = (el: HTMLElement | HTMLFormElement) => {
  if (el.isConnected) return el instanceof HTMLFormElement ? el.requestSubmit() : el.click();
  if (!(el instanceof HTMLAnchorElement)) return;
  const now = [...document.querySelectorAll('a[href]')].find((a) => (a as HTMLAnchorElement).href === el.href);
  if (now instanceof HTMLElement) now.click();
  else location.assign(el.href);
};
const release = () => {
  for (const type of HELD) document.removeEventListener(type, hold, true);
  for (const type of TYPED) document.removeEventListener(type, remember, true);
  for (const [field, value] of typed) if (field.isConnected) handOver(field, value);
  typed.clear();
  for (const el of held.splice(0)) again(el);
};

// Evaluating the application's code (≈ 600 KB) is the longest task of a visit: hundreds of milliseconds on a
// phone, with the page unable to answer meanwhile. It runs in steps, each a task of its own: the strings, the
// number and date formats of the page's language, the styling system (Chakra builds it when loaded), the data
// client, React DOM, then the rest. Each step's modules are also imported by start.tsx, which finds them loaded.
const steps = [
  () => import('../lib/i18n'),
  () => import('../lib/format').then((format) => format.prepareFormats(document.documentElement.lang)),
  () => import('../theme/app-system'),
  () => import('../lib/apollo'),
  () => import('react-dom/client'),
];
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
async function load() {
  for (const step of steps) {
    await step();
    await nextTask();
  }
  return import('./start');
}
// If the code cannot be loaded, what was held goes its native way (a link still loads its page).
const start = () => void load().then((m) => m.live.then(release), release);
if (drawn) {
  // After the next frame is painted; a tab opened in the background (no frames) starts within 100 ms all the same.
  let started = false;
  const once = () => void (started || ((started = true), start()));
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 100);
} else start();

// The installable app's service worker (public/sw.js): the offline page when a page cannot load, nothing cached in
// front of the server. Built app only, so development always runs the code being edited.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  addEventListener('load', () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined));
}
