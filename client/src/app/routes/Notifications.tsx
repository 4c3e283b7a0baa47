import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Container, EmptyState, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MarkNotificationsReadMutation, MyNotificationsQuery } from '../../features/notifications/operations';
import { useNotificationText } from '../../features/notifications/NotificationText';
import { RowsSkeleton } from '../../components/ui/skeletons';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { Pager } from '../../components/ui/Pager';

const PAGE_SIZE = 20;

/** /notifications: all of the signed-in user's notifications, newest first, a page at a time. */
export default function NotificationsPage() {
  const { t, i18n } = useTranslation();
  const text = useNotificationText();
  const [page, setPage] = useState(1);
  const { data, loading, error } = useQuery(MyNotificationsQuery, { variables: { page, pageSize: PAGE_SIZE } });
  const [markRead] = useMutation(MarkNotificationsReadMutation, { refetchQueries: ['MyNotifications'] });
  const items = data?.myNotifications.items ?? [];
  const total = data?.myNotifications.total ?? 0;
  const unread = data?.myNotifications.unreadCount ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <Container maxW="3xl" py="8">
      <Stack gap="6">
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Heading as="h1" size="2xl">
            {t('notifications.title')}
          </Heading>
          <Button size="sm" variant="outline" disabled={!unread} onClick={() => void markRead({ variables: { all: true } })}>
            {t('notifications.markAllRead')}
          </Button>
        </HStack>
        {error && <Text color="red.600">{errorMessage(error, t('notifications.loadFailed'))}</Text>}
        {loading && !data ? (
          <RowsSkeleton />
        ) : items.length === 0 ? (
          <EmptyState.Root>
            <EmptyState.Content>
              <EmptyState.Indicator>
                <Bell />
              </EmptyState.Indicator>
              <EmptyState.Title>{t('notifications.empty')}</EmptyState.Title>
            </EmptyState.Content>
          </EmptyState.Root>
        ) : (
          <>
            <Text fontSize="sm" color="gray.600" aria-live="polite">
              {t('notifications.unreadCount', { count: unread })}
            </Text>
            <Stack as="ul" gap="2" listStyleType="none" data-testid="notifications-page-list">
              {items.map((n) => (
                <Box
                  as="li"
                  key={n.id}
                  borderWidth="1px"
                  rounded="md"
                  p="3"
                  bg={n.readAt ? undefined : 'teal.50'}
                  data-unread={n.readAt ? undefined : 'true'}
                >
                  <Link
                    asChild
                    fontWeight={n.readAt ? 'normal' : 'semibold'}
                    onClick={() => !n.readAt && void markRead({ variables: { ids: [n.id] } })}
                  >
                    <RouterLink to={n.link}>{text(n)}</RouterLink>
                  </Link>
                  <Text fontSize="xs" color="gray.600">
                    {formatDateTime(n.createdAt, i18n.language)}
                  </Text>
                </Box>
              ))}
            </Stack>
          </>
        )}
        {pages > 1 && (
          <Pager
            label={t('notifications.pagination')}
            centered
            previous={{ label: t('notifications.previous'), disabled: page <= 1 }}
            next={{ label: t('notifications.next'), disabled: page >= pages }}
            status={t('notifications.pageOf', { page, pages })}
            onPrevious={() => setPage(page - 1)}
            onNext={() => setPage(page + 1)}
          />
        )}
      </Stack>
    </Container>
  );
}
