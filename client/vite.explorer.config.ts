import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// The GraphQL explorer (client/explorer), a build of its own: its editor (Monaco) is large and never part of the
// product's pages. Served by the server at GET /graphql outside production; its files under /graphql/explorer/.
export default defineConfig({
  root: here('explorer'),
  base: '/graphql/explorer/',
  plugins: [react()],
  build: {
    outDir: here('dist-explorer'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 6000,
    rolldownOptions: {
      // GraphiQL's files open with React Compiler's "use no memo"; dropping it when bundled changes nothing here.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
  worker: { format: 'es' },
});
