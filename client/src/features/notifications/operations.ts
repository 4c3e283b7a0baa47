import { graphql } from '../../gql';

graphql(`
  fragment NotificationFields on NotificationItem {
    id
    kind
    link
    readAt
    createdAt
    params {
      resourceTitle
      otherName
      reason
      rating
      status
      service
      serviceAr
      expiresAt
    }
  }
`);

export const MyNotificationsQuery = graphql(`
  query MyNotifications($page: Int, $pageSize: Int) {
    myNotifications(page: $page, pageSize: $pageSize) {
      total
      page
      pageSize
      unreadCount
      items {
        ...NotificationFields
      }
    }
  }
`);

export const MarkNotificationsReadMutation = graphql(`
  mutation MarkNotificationsRead($ids: [ID!], $all: Boolean) {
    markNotificationsRead(ids: $ids, all: $all)
  }
`);

export const NotificationPreferencesQuery = graphql(`
  query NotificationPreferences {
    notificationPreferences {
      kind
      email
    }
  }
`);

export const SetNotificationPreferencesMutation = graphql(`
  mutation SetNotificationPreferences($email: [NotificationPreferenceInput!]!) {
    setNotificationPreferences(email: $email) {
      kind
      email
    }
  }
`);

export const NotificationAddedSubscription = graphql(`
  subscription NotificationAdded {
    notificationAdded {
      ...NotificationFields
    }
  }
`);
