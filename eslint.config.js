// @ts-check
// The lint rules that hold the architecture (docs/decisions.md, "Code boundaries and tooling"):
//  - no import cycle anywhere (import-x/no-cycle);
//  - server/src/integrations/ never imports server/src/modules/;
//  - a server module reaches another module only through that module's *.service.ts, *.events.ts, *.entity.ts
//    or *.types.ts (the public face of a module); its resolvers, REST handlers, helpers stay its own;
//  - a client feature (client/src/features/X) never imports another feature: routes compose features.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// Every folder is a module or a feature: one added later is held to the same rules without editing this file.
const folders = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
const serverModules = folders('server/src/modules/');

const clientFeatures = folders('client/src/features/');

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      'client/dist-ssr/**',
      'client/dist-explorer/**',
      'client/src/gql/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      '.data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      // import-x parses the files an import reaches (for no-cycle) with the TypeScript parser.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        // Server sources import './x.js' for './x.ts' (NodeNext); the client imports @shared/* (client/tsconfig.json).
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
          tsconfig: 'auto',
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['client/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    // The static scripts served as they are: the service worker and the offline page's script.
    files: ['client/public/sw.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ['client/public/offline.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Tests read untyped wire answers (GraphQL and REST bodies) and poke at internals on purpose.
    files: ['tests/**/*.ts', '**/*.test.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['server/src/integrations/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/modules/**'], message: 'Integrations speak to outside systems; they never import modules/.' }] },
      ],
    },
  },
  // A server module reaches another only through its service, events, entities or types.
  ...serverModules.map((name) => ({
    files: [`server/src/modules/${name}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^\\.\\./(?!${name}/|common/)[^./][^/]*/(?![^/]+\\.(service|events|entity|types|dto)\\.js$)`,
              message: 'Another module is reached only through its *.service.ts, *.events.ts, *.entity.ts, *.types.ts or *.dto.ts.',
            },
          ],
        },
      ],
    },
  })),
  // A client feature never imports another feature: the route composes them.
  ...clientFeatures.map((name) => ({
    files: [`client/src/features/${name}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./(?!${name}/)[^./][^/]*/|.*/features/(?!${name}/))`,
              message: 'A feature never imports another feature: compose them at the route (client/src/app/routes).',
            },
          ],
        },
      ],
    },
  })),
);
