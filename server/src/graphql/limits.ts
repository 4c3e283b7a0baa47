import {
  GraphQLError,
  Kind,
  getNamedType,
  getNullableType,
  isInterfaceType,
  isListType,
  isObjectType,
  type ASTVisitor,
  type ValidationContext,
  type SelectionSetNode,
  type FragmentDefinitionNode,
  type GraphQLNamedType,
  type GraphQLSchema,
} from 'graphql';

const MAX_QUERY_DEPTH = 12;
const MAX_ALIASES = 30;
const MAX_ROOT_FIELDS = 20;
/** Estimated cost of one operation: every field 1, the selection of a list field counted LIST_SIZE times. */
export const MAX_COST = 5_000;
/** The largest page a list answers (marketplace pages are ≤ 50; the services cap their other lists). */
const LIST_SIZE = 50;

function depthOf(selectionSet: SelectionSetNode | undefined, fragments: Record<string, FragmentDefinitionNode>, seen: Set<string>): number {
  if (!selectionSet) return 0;
  let max = 0;
  for (const sel of selectionSet.selections) {
    if (sel.kind === Kind.FIELD) max = Math.max(max, sel.selectionSet ? 1 + depthOf(sel.selectionSet, fragments, seen) : 1);
    else if (sel.kind === Kind.INLINE_FRAGMENT) max = Math.max(max, depthOf(sel.selectionSet, fragments, seen));
    else if (sel.kind === Kind.FRAGMENT_SPREAD && !seen.has(sel.name.value)) {
      const frag = fragments[sel.name.value];
      if (frag) max = Math.max(max, depthOf(frag.selectionSet, fragments, new Set([...seen, sel.name.value])));
    }
  }
  return max;
}

/**
 * What an operation may cost before it runs, from the schema alone (no variables needed, so it is a validation
 * rule on every transport): nested lists grow multiplicatively, which is how one small query asks for millions
 * of objects. Fields the schema does not know are left to GraphQL's own validation.
 */
export function selectionCost(
  schema: GraphQLSchema,
  parent: GraphQLNamedType | null | undefined,
  set: SelectionSetNode | undefined,
  fragments: Record<string, FragmentDefinitionNode>,
  seen: Set<string>,
): number {
  if (!set || !parent) return 0;
  let total = 0;
  for (const sel of set.selections) {
    if (sel.kind === Kind.FIELD) {
      const field = isObjectType(parent) || isInterfaceType(parent) ? parent.getFields()[sel.name.value] : undefined;
      if (!field) continue;
      const inner = selectionCost(schema, getNamedType(field.type), sel.selectionSet, fragments, seen);
      total += 1 + inner * (isListType(getNullableType(field.type)) ? LIST_SIZE : 1);
    } else if (sel.kind === Kind.INLINE_FRAGMENT) {
      const type = sel.typeCondition ? schema.getType(sel.typeCondition.name.value) : parent;
      total += selectionCost(schema, type, sel.selectionSet, fragments, seen);
    } else if (!seen.has(sel.name.value)) {
      const frag = fragments[sel.name.value];
      if (frag)
        total += selectionCost(
          schema,
          schema.getType(frag.typeCondition.name.value),
          frag.selectionSet,
          fragments,
          new Set([...seen, sel.name.value]),
        );
    }
  }
  return total;
}

/**
 * Mutations an operation may run only once: each one checks its rate limit before it counts, so several in one
 * document (under aliases) would run side by side past the limit (30 password guesses for one). changePassword
 * checks a password too.
 */
const ONCE_PER_OPERATION = new Set(['register', 'login', 'changePassword', 'requestEmailChange', 'deleteAccount']);

/** The names of the root fields an operation selects, through inline fragments and fragment spreads. */
function rootFieldNames(
  set: SelectionSetNode,
  fragments: Record<string, FragmentDefinitionNode>,
  seen: Set<string>,
  out: string[],
): string[] {
  for (const sel of set.selections) {
    if (sel.kind === Kind.FIELD) out.push(sel.name.value);
    else if (sel.kind === Kind.INLINE_FRAGMENT) rootFieldNames(sel.selectionSet, fragments, seen, out);
    else if (!seen.has(sel.name.value)) {
      const frag = fragments[sel.name.value];
      if (frag) rootFieldNames(frag.selectionSet, fragments, new Set([...seen, sel.name.value]), out);
    }
  }
  return out;
}

/** Bounds query depth, cost, aliases and root fields per operation (OWASP GraphQL cheat sheet: DoS limits). */
export function operationLimits(context: ValidationContext): ASTVisitor {
  const doc = context.getDocument();
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const def of doc.definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments[def.name.value] = def;
  let aliases = 0;
  return {
    Field(node) {
      if (node.alias && ++aliases === MAX_ALIASES + 1)
        context.reportError(
          new GraphQLError(`Too many aliases (at most ${MAX_ALIASES})`, { nodes: [node], extensions: { code: 'BAD_USER_INPUT' } }),
        );
    },
    OperationDefinition(node) {
      // Introspection alone (GraphiQL's schema query nests ofType fourteen levels) reads the schema, not data: its
      // size is the schema's, whatever the depth. Production refuses introspection altogether.
      const rootFields = rootFieldNames(node.selectionSet, fragments, new Set(), []);
      const introspection = node.operation === 'query' && rootFields.every((name) => name.startsWith('__'));
      const depth = introspection ? 0 : depthOf(node.selectionSet, fragments, new Set());
      if (depth > MAX_QUERY_DEPTH)
        context.reportError(
          new GraphQLError(`Query is too deep (at most ${MAX_QUERY_DEPTH} levels)`, {
            nodes: [node],
            extensions: { code: 'BAD_USER_INPUT' },
          }),
        );
      const schema = context.getSchema();
      const root =
        node.operation === 'mutation'
          ? schema.getMutationType()
          : node.operation === 'subscription'
            ? schema.getSubscriptionType()
            : schema.getQueryType();
      const cost = introspection ? 0 : selectionCost(schema, root, node.selectionSet, fragments, new Set());
      if (cost > MAX_COST)
        context.reportError(
          new GraphQLError(`Query is too complex (estimated cost ${cost}, at most ${MAX_COST})`, {
            nodes: [node],
            extensions: { code: 'BAD_USER_INPUT' },
          }),
        );
      // Root fields through fragments too: `{ ...A ...B }` is two selections but may hold forty fields.
      if (node.operation === 'mutation') {
        const names = rootFields.filter((n) => ONCE_PER_OPERATION.has(n));
        if (names.length > 1)
          context.reportError(
            new GraphQLError(`An operation may run only one of ${[...ONCE_PER_OPERATION].join(', ')} (this one asks for ${names.length})`, {
              nodes: [node],
              extensions: { code: 'BAD_USER_INPUT' },
            }),
          );
      }
      if (rootFields.length > MAX_ROOT_FIELDS)
        context.reportError(
          new GraphQLError(`Too many fields in one operation (at most ${MAX_ROOT_FIELDS})`, {
            nodes: [node],
            extensions: { code: 'BAD_USER_INPUT' },
          }),
        );
    },
  };
}
