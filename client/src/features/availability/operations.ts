import { graphql } from '../../gql';

/** What the Availability page shows; every operation answers it, so the cache holds one shape. */
graphql(`
  fragment AvailabilityFields on ResourceAvailability {
    resourceId
    hourly
    icsUrl
    blocked {
      id
      startDate
      endDate
      note
    }
    openingHours {
      weekday
      opens
      closes
    }
  }
`);

export const ResourceAvailabilityQuery = graphql(`
  query ResourceAvailability($id: ID!) {
    resource(id: $id) {
      id
      title
      resourceType
    }
    resourceAvailability(resourceId: $id) {
      ...AvailabilityFields
    }
  }
`);

export const SetResourceAvailabilityMutation = graphql(`
  mutation SetResourceAvailability($id: ID!, $input: AvailabilityInput!) {
    setResourceAvailability(resourceId: $id, input: $input) {
      ...AvailabilityFields
    }
  }
`);

export const RotateCalendarFeedMutation = graphql(`
  mutation RotateCalendarFeed($id: ID!) {
    rotateResourceCalendarFeed(resourceId: $id) {
      ...AvailabilityFields
    }
  }
`);
