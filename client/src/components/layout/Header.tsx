import { lazy, Suspense, useRef, useState } from 'react';
import { Link as RouterLink, NavLink, useNavigate } from 'react-router-dom';
import { Box, Button, Container, Flex, HStack, IconButton, Link } from '@chakra-ui/react';
import { ChevronDown, Globe, Menu as MenuIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth';
import { notify } from '../ui/toaster';
import { usePlatformInfo } from '../../features/public/platform-info';
import { switchLanguage } from '../../lib/i18n';
import { MessagesBadge } from '../../features/messages/MessagesBadge';

// The account menu and the small-screen drawer load when first needed (a session, a tap on the menu button).
const UserMenu = lazy(() => import('./HeaderMenus').then((m) => ({ default: m.UserMenu })));
const MobileNav = lazy(() => import('./HeaderMenus').then((m) => ({ default: m.MobileNav })));
// The bell's popover (Zag's popover and positioning) is a chunk of its own, like the menus above.
const NotificationBell = lazy(() => import('../../features/notifications/NotificationBell').then((m) => ({ default: m.NotificationBell })));

const NAV = [
  { to: paths.home, key: 'nav.home', end: true },
  { to: paths.about, key: 'nav.about' },
  { to: paths.services, key: 'nav.services' },
  { to: paths.resources, key: 'nav.resources' },
  { to: paths.legal, key: 'nav.legal' },
  { to: paths.contact, key: 'nav.contact' },
];

function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <Button
      variant="ghost"
      size="sm"
      // The other language's strings are downloaded first; the page switches once they are in.
      onClick={() =>
        void switchLanguage(i18n.language === 'ar' ? 'en' : 'ar').then((switched) => {
          if (!switched) notify.error(t('common.networkError'));
        })
      }
      aria-label={t('nav.switchToLabel')}
      lang={i18n.language === 'ar' ? 'en' : 'ar'}
    >
      <Globe size={16} aria-hidden /> {t('nav.switchTo')}
    </Button>
  );
}

/** The account menu's button while the menu's code loads (same look, so nothing moves). */
function AccountButton({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <Button variant="outline" size="sm" aria-label={t('nav.userMenu', { name })} display={{ base: 'none', lg: 'inline-flex' }}>
      {name} <ChevronDown size={14} aria-hidden />
    </Button>
  );
}

function useAccountLinks() {
  const { isAdmin, isHost } = useAuth();
  const links: Array<{ to: string; key: string }> = [];
  if (!isAdmin) links.push({ to: paths.dashboard, key: 'nav.myDashboard' });
  links.push(
    { to: paths.myBookings, key: 'nav.myBookings' },
    { to: paths.messages, key: 'nav.messages' },
    { to: paths.favorites, key: 'nav.favorites' },
  );
  if (isHost) links.push({ to: paths.myResources, key: 'nav.myResources' }, { to: paths.listResource, key: 'nav.listResource' });
  if (isAdmin) links.push({ to: paths.admin, key: 'nav.adminDashboard' });
  return links;
}

export function Header() {
  const { t } = useTranslation();
  const { user, isAuthenticated, signOut } = useAuth();
  const navigate = useNavigate();
  const accountLinks = useAccountLinks();
  const platform = usePlatformInfo();
  const [open, setOpen] = useState(false);
  const [drawerWanted, setDrawerWanted] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const firstName = user?.fullName?.trim().split(/\s+/)[0] || user?.email || '';

  const logout = () => {
    signOut();
    notify.success(t('auth.loggedOut'));
    // Signed out and on /login in one render: else the page being left re-renders signed out first and its guard
    // sends the visitor to /login with itself as the page to return to (the next user would land there).
    navigate(paths.login, { flushSync: true });
  };

  return (
    <Box as="header" borderBottomWidth="1px" bg="white" position="sticky" top="0" zIndex="sticky">
      <Container maxW="7xl" py="3">
        <Flex align="center" justify="space-between" gap="4">
          <Link asChild fontWeight="bold" fontSize="xl" color="teal.700" _hover={{ textDecoration: 'none' }}>
            <RouterLink to={paths.home}>{platform.name}</RouterLink>
          </Link>

          <HStack as="nav" aria-label={t('nav.mainNav')} gap="1" display={{ base: 'none', lg: 'flex' }}>
            {NAV.map((n) => (
              <Link
                key={n.to}
                asChild
                px="3"
                py="2"
                rounded="md"
                color="gray.700"
                _hover={{ bg: 'gray.100', textDecoration: 'none' }}
                css={{ '&.active': { color: 'teal.700', fontWeight: 'semibold' } }}
              >
                <NavLink to={n.to} end={n.end}>
                  {t(n.key)}
                </NavLink>
              </Link>
            ))}
          </HStack>

          <HStack gap="2">
            <LanguageSwitch />
            {isAuthenticated && <MessagesBadge />}
            {isAuthenticated && (
              <Suspense fallback={null}>
                <NotificationBell />
              </Suspense>
            )}
            {isAuthenticated ? (
              <Suspense fallback={<AccountButton name={firstName} />}>
                <UserMenu firstName={firstName} accountLinks={accountLinks} onLogout={logout} />
              </Suspense>
            ) : (
              <HStack gap="2" display={{ base: 'none', lg: 'flex' }}>
                <Button asChild variant="ghost" size="sm">
                  <RouterLink to={paths.login}>{t('nav.login')}</RouterLink>
                </Button>
                <Button asChild colorPalette="teal" size="sm">
                  <RouterLink to={paths.login} state={{ mode: 'register' }}>
                    {t('nav.getStarted')}
                  </RouterLink>
                </Button>
              </HStack>
            )}

            <IconButton
              ref={menuButton}
              variant="ghost"
              aria-label={t('nav.openMenu')}
              aria-haspopup="dialog"
              aria-expanded={open}
              display={{ base: 'inline-flex', lg: 'none' }}
              onClick={() => {
                setDrawerWanted(true);
                setOpen(true);
              }}
            >
              <MenuIcon />
            </IconButton>
            {drawerWanted && (
              <Suspense fallback={null}>
                <MobileNav
                  open={open}
                  onOpenChange={setOpen}
                  trigger={() => menuButton.current}
                  title={platform.name}
                  nav={NAV}
                  isAuthenticated={isAuthenticated}
                  firstName={firstName}
                  accountLinks={accountLinks}
                  onLogout={logout}
                />
              </Suspense>
            )}
          </HStack>
        </Flex>
      </Container>
    </Box>
  );
}
