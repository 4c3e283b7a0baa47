import { graphql } from '../../gql';

export const ForgotPasswordMutation = graphql(`
  mutation ForgotPassword($email: String!) {
    forgotPassword(email: $email) {
      message
    }
  }
`);

export const ResetPasswordMutation = graphql(`
  mutation ResetPassword($token: String!, $password: String!) {
    resetPassword(token: $token, password: $password) {
      message
    }
  }
`);

export const ChangePasswordMutation = graphql(`
  mutation ChangePassword($input: ChangePasswordInput!) {
    changePassword(input: $input) {
      accessToken
      user {
        ...UserFields
      }
    }
  }
`);

export const LogoutAllMutation = graphql(`
  mutation LogoutAll {
    logoutAll {
      message
    }
  }
`);

export const RequestEmailChangeMutation = graphql(`
  mutation RequestEmailChange($input: ChangeEmailInput!) {
    requestEmailChange(input: $input) {
      message
    }
  }
`);

export const ConfirmEmailChangeMutation = graphql(`
  mutation ConfirmEmailChange($token: String!) {
    confirmEmailChange(token: $token) {
      ...UserFields
    }
  }
`);

export const DeleteAccountMutation = graphql(`
  mutation DeleteAccount($password: String!) {
    deleteAccount(password: $password) {
      message
    }
  }
`);
