/**
 * Candidate backend base URLs, tried in order on network failure (spec section 4, "backend failover").
 * Empty string = the origin that served the page. VITE_API_BASE_URLS is a comma-separated list.
 */
export const API_BASE_URLS: string[] = ((import.meta.env.VITE_API_BASE_URLS as string | undefined) ?? '')
  .split(',')
  .map((s) => s.trim().replace(/\/$/, ''))
  .filter(Boolean);
if (!API_BASE_URLS.includes('')) API_BASE_URLS.unshift('');

export const STORAGE_KEYS = { token: 'auth_token', user: 'user', backend: 'backend_url', language: 'language' } as const;
