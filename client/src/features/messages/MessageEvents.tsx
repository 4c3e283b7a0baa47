import { useSubscription } from '@apollo/client/react';
import type { ApolloClient } from '@apollo/client';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { notify } from '../../components/ui/toaster';
import { paths } from '../../config/paths';
import { MessageAddedSubscription } from './operations';

function refetchIfActive(client: ApolloClient, names: string[]) {
  const active = new Set<string>();
  for (const q of client.getObservableQueries('active').values()) if (q.queryName) active.add(q.queryName);
  const include = names.filter((n) => active.has(n));
  if (include.length) void client.refetchQueries({ include });
}

/**
 * A message for this user arrived: the badge and the conversation list refetch. The open thread of that
 * conversation handles it itself (it marks it read, then refetches the count), so it is left alone here: two count
 * refetches racing could leave the badge on the older answer.
 */
export function MessageEvents() {
  const { t } = useTranslation();
  const location = useLocation();
  useSubscription(MessageAddedSubscription, {
    fetchPolicy: 'no-cache',
    onData: ({ client, data }) => {
      const m = data.data?.messageAdded;
      if (!m) return;
      if (location.pathname === paths.conversation(m.conversationId)) return;
      refetchIfActive(client, ['UnreadMessagesCount', 'MyConversations']);
      if (!location.pathname.startsWith(paths.messages)) notify.info(t('messages.newMessage'));
    },
  });
  return null;
}
