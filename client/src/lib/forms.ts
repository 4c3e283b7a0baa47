import { zodResolver } from '@hookform/resolvers/zod';
import { CombinedGraphQLErrors } from '@apollo/client';
import { get, useForm, type FieldErrors, type FieldValues, type Path, type UseFormProps, type UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import { translateServerMessage } from './errors';

/**
 * A form checked by the server's own zod rule (`@shared/…`): each field's problem shows at that field as the user
 * leaves it, and again on submit; the submit handler receives the rule's parsed output.
 */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  props: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'>,
) {
  return useForm<z.input<S>, unknown, z.output<S>>({ mode: 'onTouched', ...props, resolver: zodResolver(schema) });
}

/**
 * A field's problem in the page's language. The rules' messages are the server's English messages; they are
 * translated when shown, so switching language translates the problems already on screen.
 */
export function fieldError(
  errors: FieldErrors,
  name: string,
  translate: (message: string) => string = translateServerMessage,
): string | undefined {
  const message: unknown = (get(errors, name) as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message ? translate(message) : undefined;
}

/**
 * A server refusal that names one of this form's fields (`extensions.field`, the rule's path) goes to that field;
 * answers true when it did, so the caller shows other refusals as a whole-form message. `aliases` names the form's
 * field for a path the server spells otherwise (a shared check such as the current password, `current_password`,
 * asked for by a form whose rule calls it `password`).
 */
export function placeServerError<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  aliases: Readonly<Record<string, Path<T>>> = {},
): boolean {
  if (!CombinedGraphQLErrors.is(err)) return false;
  const named = err.errors[0]?.extensions?.field;
  const field = typeof named === 'string' ? (aliases[named] ?? named) : null;
  if (!field || !(fields as readonly string[]).includes(field)) return false;
  // Kept in English like the rule's messages; fieldError translates it.
  setError(field as Path<T>, { type: 'server', message: err.errors[0].message }, { shouldFocus: true });
  return true;
}
