import type { ApolloServerPlugin } from '@apollo/server';
import type { Metrics } from './metrics.js';
import { markOperation } from './requests.js';

/**
 * GraphQL operations over HTTP: duration and errors by operation name and type, and the name on the request's log
 * line. The name is taken once the operation resolved against the schema (then it is one the document defines).
 */
export function graphqlObserver(metrics: Metrics): ApolloServerPlugin<object> {
  return {
    async requestDidStart({ contextValue }) {
      const start = performance.now();
      return {
        async didResolveOperation({ operationName }) {
          if (operationName) markOperation(contextValue, operationName);
        },
        async willSendResponse({ operation, operationName, response, errors }) {
          const labels = {
            operation: operation ? metrics.operationLabel(operationName) : '(unresolved)',
            type: operation?.operation ?? 'unknown',
          };
          metrics.graphqlDuration.observe(labels, (performance.now() - start) / 1000);
          const failed = errors?.length || (response.body.kind === 'single' && response.body.singleResult.errors?.length);
          if (failed) metrics.graphqlErrors.inc(labels);
        },
      };
    },
  };
}
