import { API_BASE_URLS, STORAGE_KEYS } from '../config/env';

/** Which candidate backend is in use; the choice is persisted (spec section 4, backend failover). */
export function currentBase(): string {
  const stored = localStorage.getItem(STORAGE_KEYS.backend);
  return stored !== null && API_BASE_URLS.includes(stored) ? stored : API_BASE_URLS[0];
}

/** Moves to the next candidate; false when the list is exhausted (no wrap-around). */
export function failOver(from: string): boolean {
  const i = API_BASE_URLS.indexOf(from);
  const next = API_BASE_URLS[i + 1];
  if (next === undefined) return false;
  localStorage.setItem(STORAGE_KEYS.backend, next);
  return true;
}

export const graphqlHttpUrl = () => `${currentBase()}/graphql`;
export function graphqlWsUrl(): string {
  const base = currentBase() || window.location.origin;
  return base.replace(/^http/, 'ws') + '/graphql';
}
