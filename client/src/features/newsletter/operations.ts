import { graphql } from '../../gql';

export const NewsletterSubscriptionQuery = graphql(`
  query NewsletterSubscription($token: String!) {
    newsletterSubscription(token: $token) {
      email
      subscribed
    }
  }
`);

export const UnsubscribeNewsletterMutation = graphql(`
  mutation UnsubscribeNewsletter($token: String!) {
    unsubscribeNewsletter(token: $token) {
      email
      subscribed
    }
  }
`);

export const ConfirmNewsletterMutation = graphql(`
  mutation ConfirmNewsletter($token: String!) {
    confirmNewsletter(token: $token) {
      email
      subscribed
    }
  }
`);
