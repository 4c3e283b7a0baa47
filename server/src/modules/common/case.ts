/** snake_case ⇄ camelCase for the flat objects the REST adapter and GraphQL types exchange. */
const toCamelKey = (k: string) => k.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const toSnakeKey = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export const camelKeys = <T = Record<string, unknown>>(o: object): T =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [toCamelKey(k), v])) as T;

/** Keys to snake_case; null/undefined values are dropped (a GraphQL input's "not given"). */
export const snakeKeysDefined = (o: object): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(o)
      .filter(([, v]) => v !== null && v !== undefined)
      .map(([k, v]) => [toSnakeKey(k), v]),
  );
