import { graphql } from '../../gql';

// What a review shows (codegen reads the fragment from here; the documents below spread it).
graphql(`
  fragment ReviewItem_review on Review {
    id
    rating
    comment
    authorName
    reply
    repliedAt
    createdAt
  }
`);

export const ResourceReviewsQuery = graphql(`
  query ResourceReviews($resourceId: ID!, $page: Int, $pageSize: Int) {
    resourceReviews(resourceId: $resourceId, page: $page, pageSize: $pageSize) {
      total
      page
      pageSize
      items {
        ...ReviewItem_review
      }
    }
  }
`);

export const CreateReviewMutation = graphql(`
  mutation CreateReview($bookingId: ID!, $input: ReviewInput!) {
    createReview(bookingId: $bookingId, input: $input) {
      ...ReviewItem_review
    }
  }
`);

export const ReplyToReviewMutation = graphql(`
  mutation ReplyToReview($reviewId: ID!, $text: String!) {
    replyToReview(reviewId: $reviewId, text: $text) {
      ...ReviewItem_review
    }
  }
`);

export const AdminReviewsQuery = graphql(`
  query AdminReviews($page: Int, $pageSize: Int) {
    adminReviews(page: $page, pageSize: $pageSize) {
      total
      page
      pageSize
      items {
        ...ReviewItem_review
        resourceId
        resourceTitle
        hidden
        hiddenReason
      }
    }
  }
`);

export const HideReviewMutation = graphql(`
  mutation HideReview($reviewId: ID!, $reason: String!) {
    hideReview(reviewId: $reviewId, reason: $reason) {
      id
      hidden
      hiddenReason
    }
  }
`);

export const CustomerRatingQuery = graphql(`
  query CustomerRating($bookingId: ID!) {
    customerRating(bookingId: $bookingId) {
      average
      count
      myRating
      myNote
    }
  }
`);

export const RateCustomerMutation = graphql(`
  mutation RateCustomer($bookingId: ID!, $input: CustomerRatingInput!) {
    rateCustomer(bookingId: $bookingId, input: $input) {
      average
      count
      myRating
      myNote
    }
  }
`);
