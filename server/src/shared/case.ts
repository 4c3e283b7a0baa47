/**
 * camelCase ⇄ snake_case names, zod-free: the server's REST edge (`rest/case.ts`) and the client's one REST form
 * (the listing, whose digital file is too large for GraphQL's body limit) rename with the same two functions.
 */
type CamelKey<S extends string> = S extends `${infer H}_${infer T}` ? `${H}${Capitalize<CamelKey<T>>}` : S;
type SnakeKey<S extends string> = S extends `${infer H}${infer T}` ? `${H extends Lowercase<H> ? H : `_${Lowercase<H>}`}${SnakeKey<T>}` : S;
/** A camelCase object as the REST adapter writes it. */
export type SnakeKeys<T> = { [K in keyof T as K extends string ? SnakeKey<K> : K]: T[K] };

export const camelKey = <S extends string>(k: S) => k.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()) as CamelKey<S>;
export const snakeKey = <S extends string>(k: S) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`) as SnakeKey<S>;

/** A refusal's field path (`blocked.2.endDate`) with each name renamed; indexes and other data stay as they are. */
export const renamePath = (path: string, rename: (k: string) => string) =>
  path
    .split('.')
    .map((k) => (/^[a-z][A-Za-z0-9_]*$/.test(k) ? rename(k) : k))
    .join('.');

/** An object with its own keys renamed (not those of the objects it holds). */
export const renameKeys = (o: object, rename: (k: string) => string): Record<string, unknown> =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [rename(k), v]));
