import { z } from 'zod';
import { camelKey, renamePath, snakeKey, type SnakeKeys } from '../shared/case.js';

/**
 * The REST adapter's JSON is snake_case (its public contract, described by GET /api/openapi.json); the shared rules,
 * the services and GraphQL are camelCase. This file is the one place that converts between them, on the first level
 * of an object only: nested values (weekly hours, records keyed by data) are the same in both, except where a route
 * renames a nested list's items itself (a listing's blocked days). A refused field's path is renamed throughout.
 */

/**
 * A REST request body (or query) as a service's camelCase input, typed as the rule's input it is meant to be; the
 * service's `parse` still checks it. A key already in camelCase is dropped: the rules' snake_case names never matched
 * it, so it was ignored before as any unknown key is.
 */
export function fromRest<T extends object>(body: unknown): T {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body as T;
  return Object.fromEntries(
    Object.entries(body)
      .filter(([k]) => !/[A-Z]/.test(k))
      .map(([k, v]) => [camelKey(k), v]),
  ) as T;
}

/** A service's camelCase answer in the REST adapter's snake_case. */
export function toRest<T extends object>(o: T): SnakeKeys<T> {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [snakeKey(k), v])) as SnakeKeys<T>;
}

/** The field a refusal names (the rule's path, e.g. `weeklyHours.2.from` or `blocked.0.endDate`) as the REST body named it. */
export const restField = (field: string) => renamePath(field, snakeKey);

/**
 * A rule's object schema (or one piped into a transform) with its keys as a REST body names them, for the OpenAPI
 * description; objects inside its fields (a list's items) too. What has no name to change is the same schema.
 */
export function restSchema(schema: z.ZodObject): z.ZodObject;
export function restSchema(schema: z.ZodObject | z.ZodPipe<z.ZodObject>): z.ZodType;
export function restSchema(schema: z.ZodObject | z.ZodPipe<z.ZodObject>): z.ZodType {
  if (schema instanceof z.ZodPipe) return z.pipe(restSchema(schema.in) as z.ZodType, schema.out);
  return z.object(Object.fromEntries(Object.entries(schema.shape).map(([k, v]) => [snakeKey(k), restNested(v)])));
}

/** A field's schema with the objects it holds (through optional, nullable, default, pipes and arrays) renamed. */
function restNested(schema: z.ZodType): z.ZodType {
  const def = schema._zod.def as unknown as Record<string, z.ZodType> & { type: string };
  const keys =
    def.type === 'object'
      ? null
      : def.type === 'array'
        ? ['element']
        : def.type === 'pipe'
          ? ['in', 'out']
          : ['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional'].includes(def.type)
            ? ['innerType']
            : [];
  if (keys === null) {
    const shape = (schema as z.ZodObject).shape;
    const renamed = Object.entries(shape).map(([k, v]) => [snakeKey(k), restNested(v)] as const);
    return renamed.every(([k, v], i) => k === Object.keys(shape)[i] && v === Object.values(shape)[i])
      ? schema
      : z.object(Object.fromEntries(renamed));
  }
  const next = Object.fromEntries(keys.map((k) => [k, restNested(def[k]!)]));
  return keys.every((k) => next[k] === def[k]) ? schema : schema.clone({ ...schema._zod.def, ...next } as typeof schema._zod.def);
}
