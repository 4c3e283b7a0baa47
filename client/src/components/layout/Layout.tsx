import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { Alert, Box, Flex } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Header } from './Header';
import { Footer } from './Footer';
import { ChatLauncher } from '../../features/assistant/ChatLauncher';
import { useAuth } from '../../lib/auth';
import { useTitleFromHeading } from '../../lib/heading-title';

// Live updates are for signed-in users only: their code (subscriptions, cache updates) loads with the session.
const LiveUpdates = lazy(() => import('../../app/live-updates').then((m) => ({ default: m.LiveUpdates })));

/** Whether this page arrived drawn by the server (entry-server.tsx); false while rendering on the server. */
const arrivedDrawn = () => typeof document !== 'undefined' && !!document.getElementById('root')?.dataset.ssr;

/**
 * Scroll restoration (top of the page on navigation, the old position on Back), from the first navigation on when
 * the page arrived drawn: a visitor may already have scrolled it before the application took it over, and the
 * restoration's first run would throw them back to the top.
 */
function Scrolling() {
  const { key } = useLocation();
  const first = useRef(key);
  const [on, setOn] = useState(() => !arrivedDrawn());
  useEffect(() => {
    if (key !== first.current) setOn(true);
  }, [key]);
  return on ? <ScrollRestoration /> : null;
}

export function Layout() {
  const { t } = useTranslation();
  const { isAuthenticated, connectionLost } = useAuth();
  const main = useRef<HTMLDivElement>(null);
  useTitleFromHeading(main);
  return (
    <Flex direction="column" minH="100vh">
      <a href="#main" className="skip-link">
        {t('nav.skipToContent')}
      </a>
      <Header />
      {connectionLost && (
        // The stored session could not be checked; it is kept and the check retried (lib/auth.tsx).
        <Alert.Root status="warning" borderRadius="0" data-testid="connection-lost" role="alert">
          <Alert.Indicator />
          <Alert.Title>{t('common.networkError')}</Alert.Title>
        </Alert.Root>
      )}
      {/* At least a screen tall: the footer never jumps up and down while a page loads its data (layout shift). */}
      <Box as="main" id="main" ref={main} flex="1" minH="100vh" tabIndex={-1} outline="none">
        <Outlet />
      </Box>
      <Footer />
      <ChatLauncher />
      {isAuthenticated && (
        <Suspense fallback={null}>
          <LiveUpdates />
        </Suspense>
      )}
      <Scrolling />
    </Flex>
  );
}
