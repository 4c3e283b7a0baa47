// The GraphQL explorer served at GET /graphql outside production: GraphiQL, built by vite with its editor's workers
// as files of our own origin, so it runs under the same Content-Security-Policy as the product (no CDN, no inline
// script). A user signed in to Mawarid in this browser is signed in here too: the product's token is sent with
// every query and subscription.
import 'graphiql/setup-workers/vite';
import 'graphiql/style.css';
import { createRoot } from 'react-dom/client';
import { GraphiQL } from 'graphiql';
import { createGraphiQLFetcher } from '@graphiql/toolkit';
import { STORAGE_KEYS } from '../src/config/env';

const token = localStorage.getItem(STORAGE_KEYS.token);
const authorization = token ? `Bearer ${token}` : undefined;
const wsUrl = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/graphql`;

const fetcher = createGraphiQLFetcher({
  url: '/graphql',
  subscriptionUrl: wsUrl,
  headers: authorization ? { authorization } : undefined,
  wsConnectionParams: authorization ? { authorization } : undefined,
});

const EXAMPLE = `# The marketplace's first page, as the home page reads it.
query Marketplace {
  resources(filter: { page: 1, pageSize: 5 }) {
    total
    items {
      id
      title
      category
      price
      period
      rating
    }
  }
}
`;

createRoot(document.getElementById('explorer')!).render(<GraphiQL fetcher={fetcher} defaultQuery={EXAMPLE} />);
