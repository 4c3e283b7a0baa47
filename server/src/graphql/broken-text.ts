import type { ApolloServerPlugin } from '@apollo/server';
import { Kind, visit, type ASTNode, type DocumentNode } from 'graphql';
import { brokenText, brokenTextPath, isBrokenText } from '../modules/common/edge-input.js';
import type { Ctx } from './context.js';

/**
 * The path of the first broken string literal in an operation (`input.fullName`), named by its argument and the
 * input fields around it; escapes such as "\u0000" are already decoded in the parsed document.
 */
function brokenLiteralPath(document: DocumentNode): string | undefined {
  let found: string | undefined;
  visit(document, {
    StringValue(node, _key, parent, _path, ancestors) {
      if (found || !isBrokenText(node.value)) return;
      const names = [...ancestors, parent as ASTNode]
        .filter((a): a is ASTNode => !Array.isArray(a))
        .filter((a) => a.kind === Kind.ARGUMENT || a.kind === Kind.OBJECT_FIELD)
        .map((a) => (a as { name: { value: string } }).name.value);
      found = names.join('.') || 'query';
    },
  });
  return found;
}

/** The field a request's broken text sits in (variables first, then literals), or undefined. */
export const brokenOperationText = (variables: unknown, document: DocumentNode) =>
  brokenTextPath(variables ?? {}) ?? brokenLiteralPath(document);

/**
 * The GraphQL door's check of a request's text (modules/common/edge-input.ts): its variables and its string
 * literals, once the operation is known and before anything runs. Refused as BAD_USER_INPUT naming the field, 400.
 */
export const brokenTextPlugin: ApolloServerPlugin<Ctx> = {
  async requestDidStart() {
    return {
      async didResolveOperation({ request, document }) {
        const field = brokenOperationText(request.variables, document);
        if (field) {
          const err = brokenText(field);
          err.extensions.http = { status: 400 };
          throw err;
        }
      },
    };
  },
};
