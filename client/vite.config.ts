import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { gqlDocuments, prebuiltStrings, preloadDynamicEntry, pureSharedInitializers } from './vite.plugins';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig(({ isSsrBuild }) => ({
  root: here('.'),
  plugins: [
    react(),
    gqlDocuments(here('src/gql')),
    pureSharedInitializers(here('../server/src/shared')),
    preloadDynamicEntry('/src/app/start.tsx'),
    prebuiltStrings(here('src/locales'), { en: [here('../server/src/shared/server-messages.json')] }),
  ],
  resolve: {
    alias: {
      // The validation rules and limits the server uses, so both sides say the same message.
      '@shared': here('../server/src/shared'),
    },
  },
  // `--ssr src/app/entry-server.tsx`: the server-rendering build of the public pages (server/src/modules/public-pages),
  // beside the browser's build; its dependencies stay in node_modules.
  build: isSsrBuild
    ? { outDir: here('dist-ssr'), emptyOutDir: true, copyPublicDir: false, sourcemap: true }
    : { outDir: here('dist'), emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 1500 },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:4000',
      '/uploads': 'http://localhost:4000',
      '/graphql': { target: 'http://localhost:4000', ws: true },
    },
  },
}));
