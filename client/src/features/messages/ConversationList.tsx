import { Link as RouterLink } from 'react-router-dom';
import { Badge, Box, HStack, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ConversationFieldsFragment } from '../../gql/graphql';
import { paths } from '../../config/paths';
import { formatDateTime, formatNumber } from '../../lib/format';
import { DELETED_MESSAGE_BODY } from '@shared/messages.rules';

/** What a message reads as: a deleted account's erased text is named in the reader's language. */
export function useMessageText() {
  const { t } = useTranslation();
  return (body: string) => (body === DELETED_MESSAGE_BODY ? t('messages.deleted') : body);
}

/** The caller's conversations, most recent first; the open one is marked. */
export function ConversationList({ items, activeId }: { items: ConversationFieldsFragment[]; activeId?: string }) {
  const { t, i18n } = useTranslation();
  const text = useMessageText();
  if (!items.length)
    return (
      <Text color="gray.600" p="4" data-testid="no-conversations">
        {t('messages.empty')}
      </Text>
    );
  return (
    <Stack as="ul" gap="0" listStyleType="none" aria-label={t('messages.listLabel')}>
      {items.map((c) => (
        <Box as="li" key={c.id} borderBottomWidth="1px">
          <Box
            asChild
            display="block"
            p="3"
            bg={c.id === activeId ? 'teal.50' : undefined}
            _hover={{ bg: 'gray.50', textDecoration: 'none' }}
            aria-current={c.id === activeId ? 'page' : undefined}
          >
            <RouterLink to={paths.conversation(c.id)} data-testid="conversation-item" data-conversation-id={c.id}>
              <HStack justify="space-between" align="start" gap="2">
                <Stack gap="0" minW="0">
                  <Text fontWeight={c.unreadCount ? 'bold' : 'semibold'} truncate>
                    {c.otherUserDeleted ? t('messages.deletedUser') : c.otherUserName}
                  </Text>
                  <Text fontSize="sm" color="gray.600" truncate>
                    {c.resourceTitle}
                  </Text>
                  {c.lastMessage && (
                    <Text fontSize="sm" color={c.unreadCount ? 'gray.900' : 'gray.600'} truncate>
                      {text(c.lastMessage.body)}
                    </Text>
                  )}
                </Stack>
                <Stack gap="1" align="end" flexShrink={0}>
                  <Text fontSize="xs" color="gray.500">
                    {formatDateTime(c.lastMessageAt, i18n.language)}
                  </Text>
                  {c.unreadCount > 0 && (
                    <>
                      {/* A span may not carry aria-label: the number is for the eye, the sentence for screen readers. */}
                      <Badge colorPalette="red" variant="solid" rounded="full" aria-hidden="true">
                        {formatNumber(c.unreadCount, i18n.language)}
                      </Badge>
                      <VisuallyHidden>{t('messages.unreadCount', { count: c.unreadCount })}</VisuallyHidden>
                    </>
                  )}
                </Stack>
              </HStack>
            </RouterLink>
          </Box>
        </Box>
      ))}
    </Stack>
  );
}
