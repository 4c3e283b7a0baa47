import { graphql } from '../../gql';

// Fragments are spread by name (`...Name`) in documents; codegen finds each in its graphql() call, no binding needed.
graphql(`
  fragment AdminUserFields on User {
    id
    email
    fullName
    companyName
    phone
    role
    status
    createdAt
  }
`);

export const AdminUsersQuery = graphql(`
  query AdminUsers($search: String, $limit: Int, $offset: Int) {
    adminUsers(search: $search, limit: $limit, offset: $offset) {
      total
      items {
        ...AdminUserFields
      }
      counts {
        total
        hostsSellers
        active
        suspended
      }
    }
  }
`);

export const AdminUpdateUserMutation = graphql(`
  mutation AdminUpdateUser($id: ID!, $input: AdminUserUpdateInput!) {
    adminUpdateUser(id: $id, input: $input) {
      ...AdminUserFields
    }
  }
`);

export const AdminStatsQuery = graphql(`
  query AdminStats {
    adminStats {
      totalUsers
      activeResources
      activeBookings
      totalRevenue
      utilizationRate
      pendingResources
      newInquiries
      paymentsConfigured
    }
  }
`);

export const AuditLogQuery = graphql(`
  query AuditLog($limit: Int, $offset: Int, $entityType: String) {
    auditLog(limit: $limit, offset: $offset, entityType: $entityType) {
      total
      limit
      offset
      items {
        id
        actorEmail
        action
        entityType
        entityId
        entityLabel
        before
        after
        createdAt
      }
    }
  }
`);

graphql(`
  fragment MyFatoorahSettingsFields on MyFatoorahSettings {
    apiKeySet
    apiKeyLast4
    testMode
    pciCertified
    webhookUrl
    webhookEndpoint
    successUrl
    errorUrl
  }
`);

graphql(`
  fragment AiChatSettingsFields on AiChatSettings {
    apiKeySet
    apiKeyLast4
    enabled
    provider
    model
    systemPrompt
    temperature
    maxTokens
  }
`);

graphql(`
  fragment GeneralSettingsFields on GeneralSettings {
    platformName
    contactEmail
    contactPhone
    address
    addressAr
    vatNumber
    businessHours
    businessHoursAr
  }
`);

export const AdminSettingsQuery = graphql(`
  query AdminSettings {
    adminSettings {
      myfatoorah {
        ...MyFatoorahSettingsFields
      }
      aiChat {
        ...AiChatSettingsFields
      }
      general {
        ...GeneralSettingsFields
      }
    }
  }
`);

export const UpdateMyFatoorahSettingsMutation = graphql(`
  mutation UpdateMyFatoorahSettings($input: MyFatoorahSettingsInput!) {
    updateMyFatoorahSettings(input: $input) {
      ...MyFatoorahSettingsFields
    }
  }
`);

export const UpdateAiChatSettingsMutation = graphql(`
  mutation UpdateAiChatSettings($input: AiChatSettingsInput!) {
    updateAiChatSettings(input: $input) {
      ...AiChatSettingsFields
    }
  }
`);

export const UpdateGeneralSettingsMutation = graphql(`
  mutation UpdateGeneralSettings($input: GeneralSettingsInput!) {
    updateGeneralSettings(input: $input) {
      ...GeneralSettingsFields
    }
  }
`);

export const TestAiChatMutation = graphql(`
  mutation TestAiChat($message: String!) {
    testAiChat(message: $message) {
      success
      model
      response
      error
    }
  }
`);

graphql(`
  fragment ZatcaStatusFields on ZatcaStatusGql {
    environment
    status
    error
    activatedAt
    certificateExpiresAt
    renewalDue
    documents {
      status
      count
    }
    rejected {
      id
      number
      type
      kind
      submittedAt
      messages
    }
  }
`);

export const ZatcaStatusQuery = graphql(`
  query ZatcaStatus {
    zatcaStatus {
      ...ZatcaStatusFields
    }
  }
`);

export const OnboardZatcaMutation = graphql(`
  mutation OnboardZatca($input: ZatcaOnboardingInput!) {
    onboardZatca(input: $input) {
      ...ZatcaStatusFields
    }
  }
`);

export const ResubmitZatcaDocumentMutation = graphql(`
  mutation ResubmitZatcaDocument($id: String!) {
    resubmitZatcaDocument(id: $id) {
      id
      icv
      number
      status
      replaces
    }
  }
`);

export const RenewZatcaCsidMutation = graphql(`
  mutation RenewZatcaCsid($otp: String!) {
    renewZatcaCsid(otp: $otp) {
      ...ZatcaStatusFields
    }
  }
`);
