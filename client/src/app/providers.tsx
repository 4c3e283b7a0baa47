import { useEffect, type ReactNode } from 'react';
import { ChakraProvider, LocaleProvider, defineConfig } from '@chakra-ui/react';
import { createAppSystem } from '../theme/system';
import { ApolloProvider } from '@apollo/client/react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import i18n from '../lib/i18n';
import { AuthProvider } from '../lib/auth';
import { createApolloClient } from '../lib/apollo';
import { session } from '../lib/session';
import { notify, Toaster } from '../components/ui/toaster';
import { paths } from '../config/paths';
import { router } from './router';

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

/** A 401 from any call clears the session and sends the browser to /login (spec section 4). */
const { client } = createApolloClient(() => {
  session.clear();
  void client.clearStore();
  notify.error(i18n.t('auth.sessionExpired'));
  // Signed out and on /login in one render (see Header's logout).
  if (window.location.pathname !== paths.login) void router.navigate(paths.login, { flushSync: true });
});

function Localized({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  const locale = instance.language === 'ar' ? 'ar-SA' : 'en-US';
  useEffect(() => {
    document.title = instance.t('common.defaultPageTitle');
  }, [instance.language]);
  return <LocaleProvider locale={locale}>{children}</LocaleProvider>;
}

export function Providers({ children }: { children: ReactNode }) {
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
