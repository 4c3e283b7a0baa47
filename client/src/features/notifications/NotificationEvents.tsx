import { useSubscription } from '@apollo/client/react';
import { NotificationAddedSubscription } from './operations';

/** A notification for this user arrived: the bell and the /notifications page on screen refetch. */
export function NotificationEvents() {
  useSubscription(NotificationAddedSubscription, {
    fetchPolicy: 'no-cache',
    onData: ({ client, data }) => {
      if (!data.data?.notificationAdded) return;
      void client.refetchQueries({ include: ['MyNotifications'] });
    },
  });
  return null;
}
