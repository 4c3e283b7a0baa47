import { graphql } from '../../gql';

export const BusinessServicesQuery = graphql(`
  query BusinessServices($locale: String) {
    businessServices(locale: $locale) {
      id
      title
      description
      icon
      image
    }
  }
`);

export const BusinessServiceQuery = graphql(`
  query BusinessService($id: ID!, $locale: String) {
    businessService(id: $id, locale: $locale) {
      id
      title
      description
      icon
      image
      details
      benefits
      processSteps {
        step
        title
        description
      }
    }
  }
`);
