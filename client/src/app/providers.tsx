import { useEffect, type ReactNode } from 'react';
import { ChakraProvider, LocaleProvider } from '@chakra-ui/react';
import { system } from '../theme/app-system';
import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { AuthProvider } from '../lib/auth';
import { Toaster } from '../components/ui/toaster';
import { uiLocale } from '../lib/format';

function Localized({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  const locale = uiLocale(instance.language);
  useEffect(() => {
    document.title = instance.t('common.defaultPageTitle');
  }, [instance, instance.language]);
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
