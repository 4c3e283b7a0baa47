import { Link as RouterLink } from 'react-router-dom';
import { Badge, Box, IconButton } from '@chakra-ui/react';
import { MessageSquare } from 'lucide-react';
import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { formatNumber } from '../../lib/format';
import { UnreadMessagesCountQuery } from './operations';

/** The header's link to /messages with the number of unread messages (kept current by MessageEvents). */
export function MessagesBadge() {
  const { t, i18n } = useTranslation();
  const { data } = useQuery(UnreadMessagesCountQuery, { fetchPolicy: 'cache-and-network' });
  const unread = data?.unreadMessagesCount ?? 0;
  return (
    <Box position="relative">
      <IconButton
        asChild
        variant="ghost"
        size="sm"
        aria-label={unread ? t('messages.badgeLabel', { count: unread }) : t('messages.badgeLabelNone')}
      >
        <RouterLink to={paths.messages} data-testid="messages-link">
          <MessageSquare aria-hidden />
        </RouterLink>
      </IconButton>
      {unread > 0 && (
        <Badge
          data-testid="unread-badge"
          aria-hidden
          colorPalette="red"
          variant="solid"
          rounded="full"
          position="absolute"
          top="-1"
          insetEnd="-1"
          fontSize="2xs"
          pointerEvents="none"
        >
          {formatNumber(unread, i18n.language)}
        </Badge>
      )}
    </Box>
  );
}
