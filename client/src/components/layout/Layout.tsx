import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { Box, Flex } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Header } from './Header';
import { Footer } from './Footer';
import { ChatLauncher } from '../../features/assistant/ChatLauncher';
import { useAuth } from '../../lib/auth';

// Live updates are for signed-in users only: their code (subscriptions, cache updates) loads with the session.
const LiveUpdates = lazy(() => import('../../features/live/LiveUpdates').then((m) => ({ default: m.LiveUpdates })));

export function Layout() {
  const { t } = useTranslation();
  const { isAuthenticated } = useAuth();
  return (
    <Flex direction="column" minH="100vh">
      <a href="#main" className="skip-link">
        {t('nav.skipToContent')}
      </a>
      <Header />
      {/* At least a screen tall: the footer never jumps up and down while a page loads its data (layout shift). */}
      <Box as="main" id="main" flex="1" minH="100vh" tabIndex={-1} outline="none">
        <Outlet />
      </Box>
      <Footer />
      <ChatLauncher />
      {isAuthenticated && (
        <Suspense fallback={null}>
          <LiveUpdates />
        </Suspense>
      )}
      <ScrollRestoration />
    </Flex>
  );
}
