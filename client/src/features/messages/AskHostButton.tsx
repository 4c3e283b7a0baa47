import { Link as RouterLink } from 'react-router-dom';
import { Button } from '@chakra-ui/react';
import { MessageSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';

/** "Ask the host" (a listing) or "Message the host" (a booking): opens the conversation about the listing. */
export function AskHostButton({ resourceId, bookingId, size = 'md' }: { resourceId: string; bookingId?: string; size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  return (
    <Button
      asChild
      variant="outline"
      colorPalette="teal"
      size={size}
      alignSelf="start"
      data-testid={bookingId ? 'message-host' : 'ask-host'}
    >
      <RouterLink to={paths.newConversation(resourceId, bookingId)}>
        <MessageSquare size={16} aria-hidden /> {t(bookingId ? 'messages.messageHost' : 'messages.askHost')}
      </RouterLink>
    </Button>
  );
}
