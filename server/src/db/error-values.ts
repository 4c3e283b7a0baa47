import type { MikroORM } from '@mikro-orm/postgresql';

/** PostgreSQL error fields that quote the rows or values a statement used ("Failing row contains (…)", "Key (email)=(…)"). */
const VALUE_FIELDS = ['detail', 'where', 'internalQuery'] as const;

/** Values PostgreSQL quotes inside its own message: `invalid input syntax for type uuid: "…"`, `value "…" is out of range`. */
const QUOTED_VALUE = /(: |value )"(?:[^"]|"")*"/g;

/** In SQL text: "identifiers" stay; 'string' and E'string' literals and bare numbers become `?`. */
const SQL_LITERAL = /("(?:[^"]|"")*")|(?:\b[Ee])?'(?:[^'\\]|''|\\.)*'|(?<![\w$."])-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?(?![\w"])/g;

const withoutLiterals = (sql: string) => sql.replace(SQL_LITERAL, (match, identifier: string | undefined) => identifier ?? '?');

/**
 * Strips what a database error knows of the statement's values, in place: the SQL at the head of its message (which
 * MikroORM sends with the values written into it) keeps its shape with `?` for each value; the fields above go; and
 * so do the values inside PostgreSQL's own message.
 */
export function scrubDatabaseError(err: unknown, sql?: string): void {
  if (!err || typeof err !== 'object') return;
  const e = err as Record<string, unknown>;
  for (const field of VALUE_FIELDS) if (field in e) e[field] = undefined;
  if (typeof e.message !== 'string') return;
  let message = e.message;
  if (sql && message.startsWith(sql)) message = withoutLiterals(sql) + message.slice(sql.length).replace(QUOTED_VALUE, '$1"…"');
  else message = message.replace(QUOTED_VALUE, '$1"…"');
  e.message = message;
}

/**
 * Every failed query's error is scrubbed as it leaves the driver, before MikroORM wraps it (and appends `detail` to
 * its message): so no log line, wherever it prints a database error, carries a customer's data.
 */
export function scrubDatabaseErrors(orm: MikroORM): void {
  orm.em
    .getConnection()
    .getKnex()
    .on('query-error', (err: unknown, query: { sql?: unknown }) =>
      scrubDatabaseError(err, typeof query?.sql === 'string' ? query.sql : undefined),
    );
}
