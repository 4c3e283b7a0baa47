import { graphql } from '../../gql';

// Fragments are spread by name (`...Name`) in documents; codegen finds each in its graphql() call, no binding needed.
graphql(`
  fragment UserFields on User {
    id
    email
    fullName
    companyName
    phone
    role
    status
    emailVerified
    locale
    createdAt
    vatNumber
    crNumber
    nationalAddress {
      buildingNumber
      street
      district
      city
      postalCode
      additionalNumber
    }
  }
`);

export const MeQuery = graphql(`
  query Me {
    me {
      ...UserFields
    }
  }
`);

export const MeUpdatedSubscription = graphql(`
  subscription MeUpdated {
    meUpdated {
      ...UserFields
    }
  }
`);

export const LoginMutation = graphql(`
  mutation Login($input: LoginInput!) {
    login(input: $input) {
      accessToken
      user {
        ...UserFields
      }
    }
  }
`);

export const RegisterMutation = graphql(`
  mutation Register($input: RegisterInput!) {
    register(input: $input) {
      accessToken
      user {
        ...UserFields
      }
    }
  }
`);

export const VerifyEmailMutation = graphql(`
  mutation VerifyEmail($token: String!) {
    verifyEmail(token: $token) {
      ...UserFields
    }
  }
`);

export const ResendVerificationMutation = graphql(`
  mutation ResendVerification($email: String) {
    resendVerification(email: $email) {
      message
    }
  }
`);

export const UpdateProfileMutation = graphql(`
  mutation UpdateProfile($input: ProfileInput!) {
    updateProfile(input: $input) {
      ...UserFields
    }
  }
`);
