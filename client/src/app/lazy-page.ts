import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Loaded<P> = { default: ComponentType<P> };
export type LazyPage<P> = LazyExoticComponent<ComponentType<P>> & { preload(): Promise<unknown> };

/**
 * `React.lazy` for a page, plus `preload()`. Once preloaded, the page renders at its first render without
 * suspending: React accepts a module handed over synchronously. The server preloads every page before it renders
 * (a suspended page would be sent as its spinner); the browser preloads the page it is about to take over from
 * the server's HTML, so the drawn page is adopted as is.
 */
export function lazyPage<P>(load: () => Promise<Loaded<P>>): LazyPage<P> {
  let loaded: Loaded<P> | undefined;
  let loading: Promise<Loaded<P>> | undefined;
  const preload = () => (loading ??= load().then((m) => (loaded = m)));
  // A thenable that calls back at once when the module is already in: React.lazy then renders it straight away.
  const component = lazy(() =>
    loaded ? ({ then: (resolve: (m: Loaded<P>) => void) => resolve(loaded!) } as unknown as Promise<Loaded<P>>) : preload(),
  );
  return Object.assign(component, { preload });
}
