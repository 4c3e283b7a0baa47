import { lazy, Suspense, useSyncExternalStore } from 'react';

/**
 * `notify.*` shows a toast (toast-area.tsx: placement, duration, limit). The toast code (Zag's toast machines)
 * loads with the first toast, not with every page; toasts asked for meanwhile show, in order, once it is in.
 */
const loadArea = () => import('./toast-area');
const ToastArea = lazy(loadArea);

let area: ReturnType<typeof loadArea> | undefined;
const listeners = new Set<() => void>();
function toastArea() {
  if (!area) {
    area = loadArea();
    queueMicrotask(() => listeners.forEach((l) => l())); // not during another component's render
  }
  return area;
}

type Kind = 'success' | 'error' | 'info' | 'warning';
const show =
  (type: Kind) =>
  (title: string, opts: { description?: string; duration?: number } = {}) =>
    void toastArea().then(({ toaster }) =>
      toaster.create({ title, description: opts.description, type, duration: opts.duration ?? 4000, closable: true }),
    );

export const notify = { success: show('success'), error: show('error'), info: show('info'), warning: show('warning') };

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};

/** Mounted once (providers): renders the toast area from the first toast on. */
export function Toaster() {
  const wanted = useSyncExternalStore(
    subscribe,
    () => area !== undefined,
    () => false,
  );
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastArea />
    </Suspense>
  );
}
