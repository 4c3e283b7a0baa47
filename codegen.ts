import type { CodegenConfig } from '@graphql-codegen/cli';

// Operations live next to the components that use them (graphql(`…`) calls); codegen writes only client/src/gql.
const config: CodegenConfig = {
  schema: 'schema.graphql',
  documents: ['client/src/**/*.{ts,tsx}', '!client/src/gql/**/*'],
  ignoreNoDocuments: true,
  generates: {
    'client/src/gql/': {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: { useTypeImports: true, enumsAsTypes: true, scalars: { DateTimeISO: 'string' } },
    },
  },
};

export default config;
