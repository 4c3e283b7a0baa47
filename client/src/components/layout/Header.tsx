import { useState } from 'react';
import { Link as RouterLink, NavLink, useNavigate } from 'react-router-dom';
import { Box, Button, CloseButton, Container, Drawer, Flex, HStack, IconButton, Link, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { ChevronDown, Globe, Menu as MenuIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth';
import { notify } from '../ui/toaster';
import { usePlatformInfo } from '../../features/public/platform-info';

const NAV = [
  { to: paths.home, key: 'nav.home', end: true },
  { to: paths.about, key: 'nav.about' },
  { to: paths.services, key: 'nav.services' },
  { to: paths.resources, key: 'nav.resources' },
  { to: paths.legal, key: 'nav.legal' },
  { to: paths.contact, key: 'nav.contact' },
];

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={() => void i18n.changeLanguage(i18n.language === 'ar' ? 'en' : 'ar')}
      aria-label={t('nav.switchToLabel')}
      lang={i18n.language === 'ar' ? 'en' : 'ar'}
    >
      <Globe size={16} aria-hidden /> {t('nav.switchTo')}
    </Button>
  );
}

function useAccountLinks() {
  const { isAdmin, isHost } = useAuth();
  const links: Array<{ to: string; key: string }> = [];
  if (!isAdmin) links.push({ to: paths.dashboard, key: 'nav.myDashboard' });
  links.push({ to: paths.myBookings, key: 'nav.myBookings' });
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
  const firstName = user?.fullName?.trim().split(/\s+/)[0] || user?.email || '';

  const logout = () => {
    signOut();
    notify.success(t('auth.loggedOut'));
    navigate(paths.login);
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
              <Link key={n.to} asChild px="3" py="2" rounded="md" color="gray.700" _hover={{ bg: 'gray.100', textDecoration: 'none' }} css={{ '&.active': { color: 'teal.700', fontWeight: 'semibold' } }}>
                <NavLink to={n.to} end={n.end}>
                  {t(n.key)}
                </NavLink>
              </Link>
            ))}
          </HStack>

          <HStack gap="2">
            <LanguageSwitch />
            {isAuthenticated ? (
              <Menu.Root positioning={{ placement: 'bottom-end' }} onSelect={(d) => (d.value === 'logout' ? logout() : navigate(d.value))}>
                <Menu.Trigger asChild>
                  <Button variant="outline" size="sm" aria-label={t('nav.userMenu', { name: firstName })} display={{ base: 'none', lg: 'inline-flex' }}>
                    {firstName} <ChevronDown size={14} aria-hidden />
                  </Button>
                </Menu.Trigger>
                <Portal>
                  <Menu.Positioner>
                    <Menu.Content>
                      {accountLinks.map((l) => (
                        <Menu.Item key={l.to} value={l.to}>
                          {t(l.key)}
                        </Menu.Item>
                      ))}
                      <Menu.Separator />
                      <Menu.Item value="logout" color="red.600">
                        {t('nav.logout')}
                      </Menu.Item>
                    </Menu.Content>
                  </Menu.Positioner>
                </Portal>
              </Menu.Root>
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

            <Drawer.Root open={open} onOpenChange={(e) => setOpen(e.open)} placement="end">
              <Drawer.Trigger asChild>
                <IconButton variant="ghost" aria-label={t('nav.openMenu')} display={{ base: 'inline-flex', lg: 'none' }}>
                  <MenuIcon />
                </IconButton>
              </Drawer.Trigger>
              <Portal>
                <Drawer.Backdrop />
                <Drawer.Positioner>
                  <Drawer.Content>
                    <Drawer.Header>
                      <Drawer.Title>{platform.name}</Drawer.Title>
                    </Drawer.Header>
                    <Drawer.Body>
                      <Stack as="nav" aria-label={t('nav.mainNav')} gap="1" onClick={() => setOpen(false)}>
                        {NAV.map((n) => (
                          <Link key={n.to} asChild py="2">
                            <RouterLink to={n.to}>{t(n.key)}</RouterLink>
                          </Link>
                        ))}
                        <Box borderTopWidth="1px" my="2" />
                        {isAuthenticated ? (
                          <>
                            <Text fontWeight="semibold">{firstName}</Text>
                            {accountLinks.map((l) => (
                              <Link key={l.to} asChild py="2">
                                <RouterLink to={l.to}>{t(l.key)}</RouterLink>
                              </Link>
                            ))}
                            <Button variant="outline" colorPalette="red" onClick={logout}>
                              {t('nav.logout')}
                            </Button>
                          </>
                        ) : (
                          <>
                            <Button asChild variant="outline">
                              <RouterLink to={paths.login}>{t('nav.login')}</RouterLink>
                            </Button>
                            <Button asChild colorPalette="teal">
                              <RouterLink to={paths.login} state={{ mode: 'register' }}>
                                {t('nav.getStarted')}
                              </RouterLink>
                            </Button>
                          </>
                        )}
                      </Stack>
                    </Drawer.Body>
                    <Drawer.CloseTrigger asChild>
                      <CloseButton size="sm" aria-label={t('nav.closeMenu')} />
                    </Drawer.CloseTrigger>
                  </Drawer.Content>
                </Drawer.Positioner>
              </Portal>
            </Drawer.Root>
          </HStack>
        </Flex>
      </Container>
    </Box>
  );
}
