import type { z } from 'zod';
import { badInput } from './errors.js';

/** Parses input with a rule schema from shared/rules; the first broken rule's message is the error. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.') || undefined;
  throw badInput(issue?.message ?? 'Invalid input', field ? { field } : {});
}
