import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Box, Button, HStack, IconButton, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import { Bell } from 'lucide-react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { CountBadge } from '../../components/ui/count-badge';
import { formatDateTime } from '../../lib/format';
import { MarkNotificationsReadMutation, MyNotificationsQuery } from './operations';
import { useNotificationText } from './NotificationText';

const RECENT = 8;

/**
 * The header's bell: the number of unread notifications (kept current by NotificationEvents) and, when opened, the
 * most recent ones with links to what they are about. Opening it marks those shown read; they keep their "new"
 * look until it closes, so the reader sees which ones were new.
 */
export function NotificationBell() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const text = useNotificationText();
  const [open, setOpen] = useState(false);
  const [fresh, setFresh] = useState<Set<string>>(new Set());
  const { data } = useQuery(MyNotificationsQuery, { variables: { page: 1, pageSize: RECENT }, fetchPolicy: 'cache-and-network' });
  const [markRead] = useMutation(MarkNotificationsReadMutation, { refetchQueries: ['MyNotifications'] });
  const unread = data?.myNotifications.unreadCount ?? 0;
  const items = data?.myNotifications.items ?? [];

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) return;
    const ids = items.filter((n) => !n.readAt).map((n) => n.id);
    setFresh(new Set(ids));
    if (ids.length) void markRead({ variables: { ids } });
  };

  return (
    <Popover.Root open={open} onOpenChange={(d) => onOpenChange(d.open)} positioning={{ placement: 'bottom-end' }}>
      <Box position="relative">
        <Popover.Trigger asChild>
          <IconButton
            variant="ghost"
            size="sm"
            data-testid="notification-bell"
            aria-label={unread ? t('notifications.bellLabel', { count: unread }) : t('notifications.bellLabelNone')}
          >
            <Bell aria-hidden />
          </IconButton>
        </Popover.Trigger>
        <CountBadge count={unread} testId="notification-count" />
      </Box>
      <Portal>
        <Popover.Positioner>
          <Popover.Content width={{ base: '90vw', sm: '380px' }} data-testid="notification-popover">
            <Popover.Header>
              <HStack justify="space-between">
                <Text fontWeight="semibold">{t('notifications.title')}</Text>
                <Button size="xs" variant="ghost" onClick={() => void markRead({ variables: { all: true } })} disabled={!unread}>
                  {t('notifications.markAllRead')}
                </Button>
              </HStack>
            </Popover.Header>
            <Popover.Body px="2" py="1" maxH="60vh" overflowY="auto">
              {items.length === 0 ? (
                <Text color="gray.600" px="2" py="3">
                  {t('notifications.empty')}
                </Text>
              ) : (
                <Stack as="ul" gap="0" listStyleType="none" data-testid="notification-list">
                  {items.map((n) => (
                    <Box as="li" key={n.id}>
                      <Button
                        variant="ghost"
                        h="auto"
                        w="full"
                        justifyContent="flex-start"
                        textAlign="start"
                        whiteSpace="normal"
                        py="2"
                        px="2"
                        fontWeight={fresh.has(n.id) || !n.readAt ? 'semibold' : 'normal'}
                        data-unread={fresh.has(n.id) || !n.readAt ? 'true' : undefined}
                        onClick={() => {
                          setOpen(false);
                          navigate(n.link);
                        }}
                      >
                        <Stack gap="0.5" align="start">
                          <Text fontSize="sm">{text(n)}</Text>
                          <Text fontSize="xs" color="gray.600" fontWeight="normal">
                            {formatDateTime(n.createdAt, i18n.language)}
                          </Text>
                        </Stack>
                      </Button>
                    </Box>
                  ))}
                </Stack>
              )}
            </Popover.Body>
            <Popover.Footer>
              <Button asChild size="sm" variant="outline" w="full" onClick={() => setOpen(false)}>
                <RouterLink to={paths.notifications}>{t('notifications.seeAll')}</RouterLink>
              </Button>
            </Popover.Footer>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
