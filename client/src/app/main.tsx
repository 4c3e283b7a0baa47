/**
 * The entry. A page the server drew (entry-server.tsx) is painted before the application's code is fetched and
 * run — evaluating that code is the longest task of a visit, and on a slow connection its download competes with
 * the page's pictures — so the visitor reads the page meanwhile (the server leaves out the preloads of a drawn
 * page). An undrawn page starts at once, its code already downloading (index.html preloads it: vite.plugins.ts).
 */
const drawn = !!document.getElementById('root')?.dataset.ssr;

// Until the application has taken a drawn page over, its buttons and forms do nothing of their own (a form would
// even be sent natively). A press or a submission meanwhile is held, and done again once the page is live.
const held: Array<HTMLElement | HTMLFormElement> = [];
const hold = (e: Event) => {
  const target = e.target instanceof Element ? e.target : null;
  const el = e.type === 'submit' ? target : target?.closest('button, input[type="submit"], [role="button"], label');
  if (!(el instanceof HTMLElement)) return;
  e.preventDefault();
  e.stopImmediatePropagation();
  held.push(el);
};
if (drawn) for (const type of ['click', 'submit']) document.addEventListener(type, hold, true);
const release = () => {
  for (const type of ['click', 'submit']) document.removeEventListener(type, hold, true);
  for (const el of held.splice(0)) if (el.isConnected) (el instanceof HTMLFormElement ? el.requestSubmit() : el.click());
};

const start = () => void import('./start').then((m) => m.live.then(release));
if (drawn) {
  // After the next frame is painted; a tab opened in the background (no frames) starts within 100 ms all the same.
  let started = false;
  const once = () => void (started || ((started = true), start()));
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 100);
} else start();
