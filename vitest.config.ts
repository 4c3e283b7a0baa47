import { defineConfig } from 'vitest/config';
import swc from 'unplugin-swc';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const sharedDir = fileURLToPath(new URL('./server/src/shared', import.meta.url));
// graphql as Node resolves it (graphql 16 has no "exports"; Vite would pick index.mjs and load a second copy), and
// @shared as the client names the server's shared rules (client/vite.config.ts): server tests import client code too.
const serverAliases = [
  { find: /^graphql$/, replacement: require.resolve('graphql') },
  { find: '@shared', replacement: sharedDir },
];

// TypeGraphQL and MikroORM read decorator metadata, which esbuild does not emit: SWC compiles the server.
const swcPlugin = swc.vite({
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [swcPlugin],
        resolve: { alias: serverAliases },
        test: {
          name: 'server',
          environment: 'node',
          globalSetup: ['tests/support/db-template.ts'],
          include: ['server/src/**/*.test.ts', 'tests/server/**/*.test.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
          pool: 'forks',
        },
      },
      {
        // Needs real PostgreSQL (TEST_DATABASE_URL) and Redis (REDIS_URL): run by .ci/run, not by `npm test`.
        plugins: [swcPlugin],
        resolve: { alias: serverAliases },
        test: {
          name: 'infra',
          environment: 'node',
          globalSetup: ['tests/support/db-template.ts'],
          include: ['tests/infra/**/*.test.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
          pool: 'forks',
        },
      },
      {
        // The client imports the server's shared rules as @shared (client/vite.config.ts).
        resolve: { alias: { '@shared': sharedDir } },
        test: {
          name: 'client',
          environment: 'node',
          include: ['client/src/**/*.test.ts', 'tests/client/**/*.test.ts'],
        },
      },
    ],
  },
});
