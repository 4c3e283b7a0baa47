import { GraphQLError, Kind, type ASTVisitor, type ValidationContext, type SelectionSetNode, type FragmentDefinitionNode } from 'graphql';

export const MAX_QUERY_DEPTH = 12;
export const MAX_ALIASES = 30;
export const MAX_ROOT_FIELDS = 20;

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

/** Bounds query depth, aliases and root fields per operation (OWASP GraphQL cheat sheet: DoS limits). */
export function operationLimits(context: ValidationContext): ASTVisitor {
  const doc = context.getDocument();
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const def of doc.definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments[def.name.value] = def;
  let aliases = 0;
  return {
    Field(node) {
      if (node.alias && ++aliases === MAX_ALIASES + 1)
        context.reportError(new GraphQLError(`Too many aliases (at most ${MAX_ALIASES})`, { nodes: [node], extensions: { code: 'BAD_USER_INPUT' } }));
    },
    OperationDefinition(node) {
      const depth = depthOf(node.selectionSet, fragments, new Set());
      if (depth > MAX_QUERY_DEPTH)
        context.reportError(new GraphQLError(`Query is too deep (at most ${MAX_QUERY_DEPTH} levels)`, { nodes: [node], extensions: { code: 'BAD_USER_INPUT' } }));
      if (node.selectionSet.selections.length > MAX_ROOT_FIELDS)
        context.reportError(new GraphQLError(`Too many fields in one operation (at most ${MAX_ROOT_FIELDS})`, { nodes: [node], extensions: { code: 'BAD_USER_INPUT' } }));
    },
  };
}
