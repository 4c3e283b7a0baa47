import { Link as RouterLink } from 'react-router-dom';
import { Box, IconButton } from '@chakra-ui/react';
import { MessageSquare } from 'lucide-react';
import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { CountBadge } from '../../components/ui/count-badge';
import { UnreadMessagesCountQuery } from './operations';

/** The header's link to /messages with the number of unread messages (kept current by MessageEvents). */
export function MessagesBadge() {
  const { t } = useTranslation();
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
      <CountBadge count={unread} testId="unread-badge" />
    </Box>
  );
}
