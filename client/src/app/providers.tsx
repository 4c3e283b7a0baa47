import { useEffect, type ReactNode } from 'react';
import { ChakraProvider, LocaleProvider, defineConfig } from '@chakra-ui/react';
import { createAppSystem } from '../theme/system';
import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { AuthProvider } from '../lib/auth';
import { Toaster } from '../components/ui/toaster';

const system = createAppSystem(
  defineConfig({
    globalCss: {
      body: { bg: 'white', color: 'gray.900' },
      '.skip-link': { position: 'absolute', insetInlineStart: '-9999px' },
      '.skip-link:focus': { insetInlineStart: '1rem', top: '1rem', zIndex: 2000, bg: 'white', padding: '0.5rem 1rem' },
    },
    theme: {
      // WCAG AA: white on Chakra's default teal/green/orange 600 is under 4.5:1, so solid buttons and badges use
      // the 700 shade (teal 5.5:1) and hover the 800 one; the other palettes' solids already pass.
      semanticTokens: {
        colors: Object.fromEntries(
          ['teal', 'green', 'orange'].map((c) => [c, { solid: { value: `{colors.${c}.700}` }, emphasized: { value: `{colors.${c}.200}` }, fg: { value: `{colors.${c}.800}` } }]),
        ),
      },
      tokens: {
        fonts: {
          heading: { value: `system-ui, -apple-system, "Segoe UI", "Noto Sans Arabic", "Noto Sans", Tahoma, Arial, sans-serif` },
          body: { value: `system-ui, -apple-system, "Segoe UI", "Noto Sans Arabic", "Noto Sans", Tahoma, Arial, sans-serif` },
        },
      },
    },
  }),
);

function Localized({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  const locale = instance.language === 'ar' ? 'ar-SA' : 'en-US';
  useEffect(() => {
    document.title = instance.t('common.defaultPageTitle');
  }, [instance.language]);
  return <LocaleProvider locale={locale}>{children}</LocaleProvider>;
}

/**
 * Everything a page renders inside. The Apollo client and the i18next instance come from the caller: the browser's
 * (main.tsx) or, for server-rendered public pages, one of each per request (entry-server.tsx).
 */
export function Providers({ client, i18n, children }: { client: ApolloClient; i18n: I18n; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ChakraProvider value={system}>
        <Localized>
          <ApolloProvider client={client}>
            <AuthProvider>
              {children}
              <Toaster />
            </AuthProvider>
          </ApolloProvider>
        </Localized>
      </ChakraProvider>
    </I18nextProvider>
  );
}
