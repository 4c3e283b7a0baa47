/**
 * The entry. A page the server drew (entry-server.tsx) is painted before the application's code is fetched and
 * run — evaluating that code is the longest task of a visit, and on a slow connection its download competes with
 * the page's pictures — so the visitor reads the page meanwhile (the server leaves out the preloads of a drawn
 * page). An undrawn page starts at once, its code already downloading (index.html preloads it: vite.plugins.ts).
 */
const drawn = !!document.getElementById('root')?.dataset.ssr;

// Until the application has taken a drawn page over, its buttons and forms do nothing of their own (a form would
// even be sent natively), and a link would load the next page whole, without what the application hands it (e.g.
// "Get Started" opens the sign-up form). A press or a submission meanwhile is held, and done again once the page
// is live. A link opened in a new tab or window (modifier keys, target) goes its native way.
const held: Array<HTMLElement | HTMLFormElement> = [];
const hold = (e: Event) => {
  const target = e.target instanceof Element ? e.target : null;
  const el = e.type === 'submit' ? target : target?.closest('a[href], button, input[type="submit"], [role="button"], label');
  if (!(el instanceof HTMLElement)) return;
  const mouse = e as MouseEvent;
  if (el instanceof HTMLAnchorElement && (el.target || mouse.button !== 0 || mouse.ctrlKey || mouse.metaKey || mouse.shiftKey || mouse.altKey)) return;
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
  if (field instanceof HTMLSelectElement) return void field.dispatchEvent(new Event('change', { bubbles: true }));
  // Through the element's own setter first (React's record of the field then says ''), then the prototype's: React
  // sees a change and takes the value into its state.
  field.value = '';
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
};
const HELD = ['click', 'submit'];
const TYPED = ['input', 'change'];
if (drawn) {
  for (const type of HELD) document.addEventListener(type, hold, true);
  for (const type of TYPED) document.addEventListener(type, remember, true);
}
const release = () => {
  for (const type of HELD) document.removeEventListener(type, hold, true);
  for (const type of TYPED) document.removeEventListener(type, remember, true);
  for (const [field, value] of typed) if (field.isConnected) handOver(field, value);
  typed.clear();
  for (const el of held.splice(0)) if (el.isConnected) (el instanceof HTMLFormElement ? el.requestSubmit() : el.click());
};

// If the code cannot be loaded, what was held goes its native way (a link still loads its page).
const start = () => void import('./start').then((m) => m.live.then(release), release);
if (drawn) {
  // After the next frame is painted; a tab opened in the background (no frames) starts within 100 ms all the same.
  let started = false;
  const once = () => void (started || ((started = true), start()));
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 100);
} else start();
