/** What a GraphQL input holds without the fields left out (null or absent). */
export type Given<T> = { [K in keyof T]?: Exclude<T[K], null> };

/**
 * A GraphQL input with its left-out fields removed: GraphQL says "not given" with null, the rules with a missing key
 * (`.optional()`), so an update keeps what is not named.
 */
export const given = <T extends object>(input: T): Given<T> =>
  Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null && v !== undefined)) as Given<T>;
