/**
 * The entry. A page the server drew (entry-server.tsx) is painted before the application's code runs — evaluating
 * that code is the longest task of a visit — so the visitor reads the page meanwhile; an undrawn page starts at
 * once. The code is already downloading either way: the built index.html preloads it (vite.plugins.ts).
 */
const start = () => void import('./start');
if (document.getElementById('root')?.dataset.ssr) {
  // After the next frame is painted; a tab opened in the background (no frames) starts within 100 ms all the same.
  let started = false;
  const once = () => void (started || ((started = true), start()));
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 100);
} else start();
