import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useSubscription } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import type { ConversationFieldsFragment } from '../../gql/graphql';
import { paths } from '../../config/paths';
import { formatDateTime } from '../../lib/format';
import { Composer } from './Composer';
import { useMessageText } from './ConversationList';
import {
  ConversationMessagesQuery,
  MarkConversationReadMutation,
  MessageAddedSubscription,
  SendMessageMutation,
  StartConversationMutation,
} from './operations';

const PAGE = 50;
const COUNTS = ['UnreadMessagesCount', 'MyConversations'];

/**
 * One conversation: its messages oldest to newest (the newest in view), the composer, and live arrivals, which are
 * marked read at once (the thread is open: see docs/decisions.md, "Messages"). Opened from a booking (`bookingId`),
 * what is sent carries that booking.
 */
export function Thread({ conversation: c, bookingId }: { conversation: ConversationFieldsFragment; bookingId?: string }) {
  const { t, i18n } = useTranslation();
  const text = useMessageText();
  const [limit, setLimit] = useState(PAGE);
  const { data, refetch } = useQuery(ConversationMessagesQuery, { variables: { id: c.id, limit }, fetchPolicy: 'cache-and-network' });
  const [markRead] = useMutation(MarkConversationReadMutation, { refetchQueries: COUNTS });
  const [send] = useMutation(SendMessageMutation, { refetchQueries: ['MyConversations'] });
  const [start] = useMutation(StartConversationMutation, { refetchQueries: ['MyConversations'] });
  const end = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (c.unreadCount > 0) void markRead({ variables: { id: c.id } });
  }, [c.id, c.unreadCount, markRead]);

  useSubscription(MessageAddedSubscription, {
    fetchPolicy: 'no-cache',
    onData: ({ data: d }) => {
      const m = d.data?.messageAdded;
      if (!m || m.conversationId !== c.id) return;
      void refetch().then(() => markRead({ variables: { id: c.id } }));
    },
  });

  const page = data?.conversationMessages;
  const messages = [...(page?.items ?? [])].reverse();
  const newest = messages.at(-1)?.id;
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [newest]);

  const onSend = async (body: string) => {
    if (bookingId) await start({ variables: { input: { resourceId: c.resourceId, body, bookingId } } });
    else await send({ variables: { conversationId: c.id, body } });
    await refetch();
  };

  return (
    <Flex direction="column" h="full" minH="0" gap="3">
      <Box borderBottomWidth="1px" pb="2">
        <Heading as="h2" size="md" data-testid="thread-title">
          {c.otherUserDeleted ? t('messages.deletedUser') : c.otherUserName}
        </Heading>
        <Link asChild fontSize="sm" color="teal.700">
          <RouterLink to={paths.resource(c.resourceId)}>{c.resourceTitle}</RouterLink>
        </Link>
      </Box>
      <Stack
        as="ol"
        listStyleType="none"
        gap="2"
        flex="1"
        minH="0"
        overflowY="auto"
        aria-label={t('messages.threadLabel')}
        aria-live="polite"
        data-testid="thread"
      >
        {page && page.total > messages.length && (
          <Button variant="ghost" size="xs" alignSelf="center" onClick={() => setLimit(limit + PAGE)}>
            {t('messages.older')}
          </Button>
        )}
        {messages.map((m) => {
          const mine = m.senderId !== c.otherUserId;
          return (
            <Box
              as="li"
              key={m.id}
              alignSelf={mine ? 'flex-end' : 'flex-start'}
              maxW="80%"
              bg={mine ? 'teal.600' : 'gray.100'}
              color={mine ? 'white' : 'gray.900'}
              px="3"
              py="2"
              rounded="lg"
              data-testid="message"
              data-mine={mine ? 'true' : 'false'}
            >
              <Text whiteSpace="pre-wrap" wordBreak="break-word" dir="auto">
                {text(m.body)}
              </Text>
              <Text fontSize="2xs" opacity={0.8} mt="1">
                {formatDateTime(m.createdAt, i18n.language)}
                {m.bookingId && ` · ${t('messages.aboutBooking')}`}
              </Text>
            </Box>
          );
        })}
        <div ref={end} />
      </Stack>
      {c.otherUserDeleted ? (
        <Text color="gray.600">{t('messages.closed')}</Text>
      ) : (
        <Composer onSend={onSend} label={t('messages.writeTo', { name: c.otherUserName })} />
      )}
    </Flex>
  );
}
