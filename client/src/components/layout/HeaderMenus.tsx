import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Box, Button, CloseButton, Drawer, Link, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';

/**
 * The header's two pop-ups, a chunk of their own (Header loads it): the account menu, and the drawer with the
 * navigation on small screens. Neither is needed to show a page, and their Zag machines (menu, dialog, focus trap,
 * positioning) are a good part of Chakra's weight.
 */

type NavLinkItem = { to: string; key: string };

export function UserMenu({ firstName, accountLinks, onLogout }: { firstName: string; accountLinks: NavLinkItem[]; onLogout: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} onSelect={(d) => (d.value === 'logout' ? onLogout() : navigate(d.value))}>
      <Menu.Trigger asChild>
        <Button
          variant="outline"
          size="sm"
          aria-label={t('nav.userMenu', { name: firstName })}
          display={{ base: 'none', lg: 'inline-flex' }}
        >
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
  );
}

export function MobileNav(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The header's menu button, which gets the focus back when the drawer closes. */
  trigger: () => HTMLElement | null;
  title: string;
  nav: NavLinkItem[];
  isAuthenticated: boolean;
  firstName: string;
  accountLinks: NavLinkItem[];
  onLogout: () => void;
}) {
  const { t } = useTranslation();
  const { open, onOpenChange, trigger, title, nav, isAuthenticated, firstName, accountLinks, onLogout } = props;
  return (
    <Drawer.Root open={open} onOpenChange={(e) => onOpenChange(e.open)} placement="end" finalFocusEl={trigger}>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>{title}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack as="nav" aria-label={t('nav.mainNav')} gap="1" onClick={() => onOpenChange(false)}>
                {nav.map((n) => (
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
                    <Button variant="outline" colorPalette="red" onClick={onLogout}>
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
  );
}
