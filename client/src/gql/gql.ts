/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  fragment AdminUserFields on User {\n    id\n    email\n    fullName\n    companyName\n    phone\n    role\n    status\n    createdAt\n  }\n": typeof types.AdminUserFieldsFragmentDoc,
    "\n  query AdminUsers($search: String, $limit: Int, $offset: Int) {\n    adminUsers(search: $search, limit: $limit, offset: $offset) {\n      total\n      items {\n        ...AdminUserFields\n      }\n      counts {\n        total\n        hostsSellers\n        active\n        suspended\n      }\n    }\n  }\n": typeof types.AdminUsersDocument,
    "\n  mutation AdminUpdateUser($id: ID!, $input: AdminUserUpdateInput!) {\n    adminUpdateUser(id: $id, input: $input) {\n      ...AdminUserFields\n    }\n  }\n": typeof types.AdminUpdateUserDocument,
    "\n  query AdminStats {\n    adminStats {\n      totalUsers\n      activeResources\n      activeBookings\n      totalRevenue\n      utilizationRate\n      pendingResources\n      newInquiries\n      paymentsConfigured\n    }\n  }\n": typeof types.AdminStatsDocument,
    "\n  query AuditLog($limit: Int, $offset: Int, $entityType: String) {\n    auditLog(limit: $limit, offset: $offset, entityType: $entityType) {\n      total\n      limit\n      offset\n      items {\n        id\n        actorEmail\n        action\n        entityType\n        entityId\n        entityLabel\n        before\n        after\n        createdAt\n      }\n    }\n  }\n": typeof types.AuditLogDocument,
    "\n  fragment MyFatoorahSettingsFields on MyFatoorahSettings {\n    apiKeySet\n    apiKeyLast4\n    testMode\n    webhookUrl\n    webhookEndpoint\n    successUrl\n    errorUrl\n  }\n": typeof types.MyFatoorahSettingsFieldsFragmentDoc,
    "\n  fragment AiChatSettingsFields on AiChatSettings {\n    apiKeySet\n    apiKeyLast4\n    enabled\n    provider\n    model\n    systemPrompt\n    temperature\n    maxTokens\n  }\n": typeof types.AiChatSettingsFieldsFragmentDoc,
    "\n  fragment GeneralSettingsFields on GeneralSettings {\n    platformName\n    contactEmail\n    contactPhone\n    address\n    vatNumber\n    businessHours\n  }\n": typeof types.GeneralSettingsFieldsFragmentDoc,
    "\n  query AdminSettings {\n    adminSettings {\n      myfatoorah {\n        ...MyFatoorahSettingsFields\n      }\n      aiChat {\n        ...AiChatSettingsFields\n      }\n      general {\n        ...GeneralSettingsFields\n      }\n    }\n  }\n": typeof types.AdminSettingsDocument,
    "\n  mutation UpdateMyFatoorahSettings($input: MyFatoorahSettingsInput!) {\n    updateMyFatoorahSettings(input: $input) {\n      ...MyFatoorahSettingsFields\n    }\n  }\n": typeof types.UpdateMyFatoorahSettingsDocument,
    "\n  mutation UpdateAiChatSettings($input: AiChatSettingsInput!) {\n    updateAiChatSettings(input: $input) {\n      ...AiChatSettingsFields\n    }\n  }\n": typeof types.UpdateAiChatSettingsDocument,
    "\n  mutation UpdateGeneralSettings($input: GeneralSettingsInput!) {\n    updateGeneralSettings(input: $input) {\n      ...GeneralSettingsFields\n    }\n  }\n": typeof types.UpdateGeneralSettingsDocument,
    "\n  mutation TestAiChat($message: String!) {\n    testAiChat(message: $message) {\n      success\n      model\n      response\n      error\n    }\n  }\n": typeof types.TestAiChatDocument,
    "\n  query AdminAnalytics($period: AnalyticsPeriod) {\n    adminAnalytics(period: $period) {\n      period\n      start\n      end\n      bucket\n      revenueTrend {\n        bucketStart\n        revenue\n        paidBookings\n      }\n      bookingsByCategory {\n        category\n        bookings\n        percent\n      }\n      revenue {\n        value\n        previous\n        change\n      }\n      paidBookings {\n        value\n        previous\n        change\n      }\n      bookingsCreated {\n        value\n        previous\n        change\n      }\n      averageBookingValue {\n        value\n        previous\n        change\n      }\n      conversionRate {\n        value\n        previous\n        change\n      }\n      retentionRate {\n        value\n        previous\n        change\n      }\n      medianFirstResponseHours {\n        value\n        previous\n        change\n      }\n      utilizationRate {\n        value\n        previous\n        change\n      }\n    }\n  }\n": typeof types.AdminAnalyticsDocument,
    "\n  query PublicStats {\n    publicStats {\n      activeResources\n      completedBookings\n      businesses\n    }\n  }\n": typeof types.PublicStatsDocument,
    "\n  mutation ForgotPassword($email: String!) {\n    forgotPassword(email: $email) {\n      message\n    }\n  }\n": typeof types.ForgotPasswordDocument,
    "\n  mutation ResetPassword($token: String!, $password: String!) {\n    resetPassword(token: $token, password: $password) {\n      message\n    }\n  }\n": typeof types.ResetPasswordDocument,
    "\n  mutation ChangePassword($input: ChangePasswordInput!) {\n    changePassword(input: $input) {\n      accessToken\n      user {\n        ...UserFields\n      }\n    }\n  }\n": typeof types.ChangePasswordDocument,
    "\n  mutation LogoutAll {\n    logoutAll {\n      message\n    }\n  }\n": typeof types.LogoutAllDocument,
    "\n  mutation RequestEmailChange($input: ChangeEmailInput!) {\n    requestEmailChange(input: $input) {\n      message\n    }\n  }\n": typeof types.RequestEmailChangeDocument,
    "\n  mutation ConfirmEmailChange($token: String!) {\n    confirmEmailChange(token: $token) {\n      ...UserFields\n    }\n  }\n": typeof types.ConfirmEmailChangeDocument,
    "\n  mutation DeleteAccount($password: String!) {\n    deleteAccount(password: $password) {\n      message\n    }\n  }\n": typeof types.DeleteAccountDocument,
    "\n  fragment UserFields on User {\n    id\n    email\n    fullName\n    companyName\n    phone\n    role\n    status\n    emailVerified\n    locale\n    createdAt\n    vatNumber\n    crNumber\n    nationalAddress {\n      buildingNumber\n      street\n      district\n      city\n      postalCode\n      additionalNumber\n    }\n  }\n": typeof types.UserFieldsFragmentDoc,
    "\n  query Me {\n    me {\n      ...UserFields\n    }\n  }\n": typeof types.MeDocument,
    "\n  subscription MeUpdated {\n    meUpdated {\n      ...UserFields\n    }\n  }\n": typeof types.MeUpdatedDocument,
    "\n  mutation Login($input: LoginInput!) {\n    login(input: $input) {\n      accessToken\n      user {\n        ...UserFields\n      }\n    }\n  }\n": typeof types.LoginDocument,
    "\n  mutation Register($input: RegisterInput!) {\n    register(input: $input) {\n      accessToken\n      user {\n        ...UserFields\n      }\n    }\n  }\n": typeof types.RegisterDocument,
    "\n  mutation VerifyEmail($token: String!) {\n    verifyEmail(token: $token) {\n      ...UserFields\n    }\n  }\n": typeof types.VerifyEmailDocument,
    "\n  mutation ResendVerification($email: String) {\n    resendVerification(email: $email) {\n      message\n    }\n  }\n": typeof types.ResendVerificationDocument,
    "\n  mutation UpdateProfile($input: ProfileInput!) {\n    updateProfile(input: $input) {\n      ...UserFields\n    }\n  }\n": typeof types.UpdateProfileDocument,
    "\n  query BusinessServices($locale: String) {\n    businessServices(locale: $locale) {\n      id\n      title\n      description\n      icon\n      image\n    }\n  }\n": typeof types.BusinessServicesDocument,
    "\n  query BusinessService($id: ID!, $locale: String) {\n    businessService(id: $id, locale: $locale) {\n      id\n      title\n      description\n      icon\n      image\n      details\n      benefits\n      processSteps {\n        step\n        title\n        description\n      }\n    }\n  }\n": typeof types.BusinessServiceDocument,
    "\n  fragment InquiryFields on Inquiry {\n    id\n    serviceType\n    fullName\n    email\n    companyName\n    message\n    status\n    preferredDate\n    preferredTime\n    createdAt\n  }\n": typeof types.InquiryFieldsFragmentDoc,
    "\n  mutation SubmitInquiry($input: InquiryInput!) {\n    submitInquiry(input: $input) {\n      ...InquiryFields\n    }\n  }\n": typeof types.SubmitInquiryDocument,
    "\n  query MyInquiries {\n    myInquiries {\n      ...InquiryFields\n    }\n  }\n": typeof types.MyInquiriesDocument,
    "\n  query AdminInquiries($status: InquiryStatus, $search: String) {\n    inquiries(status: $status, search: $search) {\n      ...InquiryFields\n    }\n    inquiryStats {\n      total\n      new\n      inProgress\n      resolved\n      closed\n    }\n  }\n": typeof types.AdminInquiriesDocument,
    "\n  mutation UpdateInquiryStatus($id: ID!, $status: InquiryStatus!) {\n    updateInquiryStatus(id: $id, status: $status) {\n      ...InquiryFields\n    }\n  }\n": typeof types.UpdateInquiryStatusDocument,
    "\n  fragment InvoiceFields on BookingInvoice {\n    bookingId\n    serviceBookingId\n    invoiceNumber\n    issuedAt\n    currency\n    seller {\n      name\n      vatNumber\n      address\n      contactEmail\n      contactPhone\n    }\n    buyer {\n      name\n      email\n      companyName\n    }\n    lines {\n      description\n      period\n      quantity\n      unitPrice\n      amount\n    }\n    subtotal\n    vatRate\n    vat\n    total\n    cardBrand\n    cardLast4\n    startDate\n    endDate\n    qrPayload\n  }\n": typeof types.InvoiceFieldsFragmentDoc,
    "\n  query BookingInvoice($bookingId: String!) {\n    bookingInvoice(bookingId: $bookingId) {\n      ...InvoiceFields\n    }\n  }\n": typeof types.BookingInvoiceDocument,
    "\n  query ServiceBookingInvoice($serviceBookingId: String!) {\n    serviceBookingInvoice(serviceBookingId: $serviceBookingId) {\n      ...InvoiceFields\n    }\n  }\n": typeof types.ServiceBookingInvoiceDocument,
    "\n  subscription BookingUpdated {\n    bookingUpdated {\n      ...BookingRow_booking\n    }\n  }\n": typeof types.BookingUpdatedDocument,
    "\n  subscription ResourceReviewed {\n    resourceReviewed {\n      ...ResourceCard_resource\n      ...ResourceChanges_resource\n    }\n  }\n": typeof types.ResourceReviewedDocument,
    "\n  subscription ResourceSubmitted {\n    resourceSubmitted {\n      ...ResourceCard_resource\n      ...ResourceChanges_resource\n    }\n  }\n": typeof types.ResourceSubmittedDocument,
    "\n  subscription InquiryCreated {\n    inquiryCreated {\n      ...InquiryFields\n    }\n  }\n": typeof types.InquiryCreatedDocument,
    "\n  subscription InquiryUpdated {\n    inquiryUpdated {\n      ...InquiryFields\n    }\n  }\n": typeof types.InquiryUpdatedDocument,
    "\n  subscription StatsUpdated {\n    statsUpdated {\n      totalUsers\n      activeResources\n      activeBookings\n      totalRevenue\n      utilizationRate\n      pendingResources\n      newInquiries\n      paymentsConfigured\n    }\n  }\n": typeof types.StatsUpdatedDocument,
    "\n  query AdminBadgeCounts {\n    resourceStatusCounts {\n      total\n      pending\n      active\n      rejected\n      withdrawn\n      changesPending\n    }\n    inquiryStats {\n      total\n      new\n      inProgress\n      resolved\n      closed\n    }\n  }\n": typeof types.AdminBadgeCountsDocument,
    "\n  fragment ResourceCard_resource on Resource {\n    id\n    title\n    description\n    category\n    resourceType\n    fileFormat\n    price\n    currency\n    period\n    location\n    availability\n    images\n    rating\n    reviewsCount\n    viewsCount\n    ownerId\n    ownerName\n    tags\n    status\n    rejectionReason\n    createdAt\n  }\n": typeof types.ResourceCard_ResourceFragmentDoc,
    "\n  fragment ResourceChanges_resource on Resource {\n    id\n    pendingChanges {\n      title\n      description\n      category\n      price\n      period\n      location\n      tags\n      images\n      submittedAt\n    }\n    changesRejectionReason\n  }\n": typeof types.ResourceChanges_ResourceFragmentDoc,
    "\n  query Resources($filter: ResourceFilterInput) {\n    resources(filter: $filter) {\n      total\n      totalCapped\n      page\n      pageSize\n      items {\n        ...ResourceCard_resource\n      }\n    }\n  }\n": typeof types.ResourcesDocument,
    "\n  query Resource($id: ID!) {\n    resource(id: $id) {\n      ...ResourceCard_resource\n      ...ResourceChanges_resource\n    }\n    resourceBusyRanges(resourceId: $id) {\n      startDate\n      endDate\n    }\n  }\n": typeof types.ResourceDocument,
    "\n  query MyResources {\n    myResources {\n      ...ResourceCard_resource\n      ...ResourceChanges_resource\n    }\n  }\n": typeof types.MyResourcesDocument,
    "\n  query AdminResources($filter: ResourceFilterInput) {\n    adminResources(filter: $filter) {\n      total\n      page\n      pageSize\n      items {\n        ...ResourceCard_resource\n      }\n    }\n    resourceStatusCounts {\n      total\n      pending\n      active\n      rejected\n      withdrawn\n    }\n  }\n": typeof types.AdminResourcesDocument,
    "\n  query AdminResourceChanges {\n    adminResourceChanges {\n      ...ResourceCard_resource\n      ...ResourceChanges_resource\n    }\n  }\n": typeof types.AdminResourceChangesDocument,
    "\n  mutation ApproveResourceChanges($id: ID!) {\n    approveResourceChanges(id: $id) {\n      ...ResourceCard_resource\n      ...ResourceChanges_resource\n    }\n  }\n": typeof types.ApproveResourceChangesDocument,
    "\n  mutation RejectResourceChanges($id: ID!, $reason: String) {\n    rejectResourceChanges(id: $id, reason: $reason) {\n      ...ResourceCard_resource\n      ...ResourceChanges_resource\n    }\n  }\n": typeof types.RejectResourceChangesDocument,
    "\n  mutation DeleteResource($id: ID!) {\n    deleteResource(id: $id)\n  }\n": typeof types.DeleteResourceDocument,
    "\n  mutation ApproveResource($id: ID!) {\n    approveResource(id: $id) {\n      id\n      status\n      rejectionReason\n    }\n  }\n": typeof types.ApproveResourceDocument,
    "\n  mutation RejectResource($id: ID!, $reason: String) {\n    rejectResource(id: $id, reason: $reason) {\n      id\n      status\n      rejectionReason\n    }\n  }\n": typeof types.RejectResourceDocument,
    "\n  mutation ResourceDownloadLink($id: ID!) {\n    resourceDownloadLink(id: $id) {\n      url\n      expiresAt\n    }\n  }\n": typeof types.ResourceDownloadLinkDocument,
    "\n  fragment BookingRow_booking on Booking {\n    id\n    resourceId\n    resourceTitle\n    resourceType\n    startDate\n    endDate\n    periods\n    totalAmount\n    vatAmount\n    totalWithVat\n    currency\n    status\n    paymentStatus\n    holdExpiresAt\n    createdAt\n  }\n": typeof types.BookingRow_BookingFragmentDoc,
    "\n  query MyBookings {\n    myBookings {\n      ...BookingRow_booking\n    }\n  }\n": typeof types.MyBookingsDocument,
    "\n  mutation CreateBooking($input: CreateBookingInput!) {\n    createBooking(input: $input) {\n      ...BookingRow_booking\n    }\n  }\n": typeof types.CreateBookingDocument,
    "\n  mutation CancelBooking($id: ID!) {\n    cancelBooking(id: $id) {\n      id\n      status\n      paymentStatus\n    }\n  }\n": typeof types.CancelBookingDocument,
    "\n  query HostBookings {\n    bookings {\n      ...BookingRow_booking\n      userName\n    }\n  }\n": typeof types.HostBookingsDocument,
    "\n  mutation SubscribeNewsletter($email: String!, $locale: String) {\n    subscribeNewsletter(email: $email, locale: $locale) {\n      message\n    }\n  }\n": typeof types.SubscribeNewsletterDocument,
    "\n  query NewsletterSubscription($token: String!) {\n    newsletterSubscription(token: $token) {\n      email\n      subscribed\n    }\n  }\n": typeof types.NewsletterSubscriptionDocument,
    "\n  mutation UnsubscribeNewsletter($token: String!) {\n    unsubscribeNewsletter(token: $token) {\n      email\n      subscribed\n    }\n  }\n": typeof types.UnsubscribeNewsletterDocument,
    "\n  mutation ConfirmNewsletter($token: String!) {\n    confirmNewsletter(token: $token) {\n      email\n      subscribed\n    }\n  }\n": typeof types.ConfirmNewsletterDocument,
    "\n  fragment PaymentBooking on Booking {\n    id\n    resourceTitle\n    startDate\n    endDate\n    totalAmount\n    totalWithVat\n    status\n    paymentStatus\n  }\n": typeof types.PaymentBookingFragmentDoc,
    "\n  query PaymentEligibility($bookingId: String!, $id: ID!) {\n    paymentEligibility(bookingId: $bookingId) {\n      canPay\n      reason\n      message\n      bookingId\n      resourceTitle\n      subtotal\n      vat\n      amount\n      currency\n      paymentMethod\n      testMode\n      testCards\n    }\n    booking(id: $id) {\n      ...PaymentBooking\n    }\n  }\n": typeof types.PaymentEligibilityDocument,
    "\n  query ServicePaymentEligibility($serviceBookingId: String!, $id: ID!) {\n    paymentEligibility(serviceBookingId: $serviceBookingId) {\n      canPay\n      reason\n      message\n      serviceBookingId\n      subtotal\n      vat\n      amount\n      currency\n      paymentMethod\n      testMode\n      testCards\n    }\n    serviceBooking(id: $id) {\n      id\n      serviceName\n      serviceNameAr\n      scheduledAt\n      status\n      paymentStatus\n      totalWithVat\n    }\n  }\n": typeof types.ServicePaymentEligibilityDocument,
    "\n  mutation ChargeCard($input: CardChargeInput!) {\n    chargeCard(input: $input) {\n      success\n      status\n      transactionId\n      bookingId\n      error\n    }\n  }\n": typeof types.ChargeCardDocument,
    "\n  mutation InitiatePayment($bookingId: String, $serviceBookingId: String, $method: String) {\n    initiatePayment(bookingId: $bookingId, serviceBookingId: $serviceBookingId, method: $method) {\n      success\n      paymentUrl\n      error\n    }\n  }\n": typeof types.InitiatePaymentDocument,
    "\n  mutation ConfirmPayment($bookingId: String, $serviceBookingId: String, $paymentId: String!) {\n    confirmPayment(bookingId: $bookingId, serviceBookingId: $serviceBookingId, paymentId: $paymentId) {\n      success\n      status\n      transactionId\n      error\n      booking {\n        ...PaymentBooking\n      }\n      serviceBooking {\n        id\n        serviceName\n        serviceNameAr\n        scheduledAt\n        totalWithVat\n        paymentStatus\n      }\n    }\n  }\n": typeof types.ConfirmPaymentDocument,
    "\n  query BookingPayments($bookingId: String!, $id: ID!) {\n    bookingPayments(bookingId: $bookingId) {\n      id\n      status\n      amount\n      vat\n      subtotal\n      transactionId\n      cardBrand\n      cardLast4\n      invoiceNumber\n      paidAt\n      error\n    }\n    booking(id: $id) {\n      ...PaymentBooking\n    }\n  }\n": typeof types.BookingPaymentsDocument,
    "\n  subscription PaymentUpdated($bookingId: String, $serviceBookingId: String) {\n    paymentUpdated(bookingId: $bookingId, serviceBookingId: $serviceBookingId) {\n      id\n      status\n      amount\n      transactionId\n      error\n      paidAt\n    }\n  }\n": typeof types.PaymentUpdatedDocument,
    "\n  query PlatformInfo {\n    platformInfo {\n      platformName\n      contactEmail\n      contactPhone\n      address\n      vatNumber\n      businessHours\n    }\n  }\n": typeof types.PlatformInfoDocument,
    "\n  fragment ServiceBookingFields on ServiceBooking {\n    id\n    serviceId\n    serviceName\n    serviceNameAr\n    status\n    paymentStatus\n    preferredDate\n    preferredTime\n    contactNumber\n    requirements\n    price\n    vatAmount\n    totalWithVat\n    scheduledAt\n    cancelReason\n    paymentMethod\n    userName\n    userEmail\n    createdAt\n    changeableUntil\n  }\n": typeof types.ServiceBookingFieldsFragmentDoc,
    "\n  mutation CreateServiceBooking($input: ServiceBookingInput!) {\n    createServiceBooking(input: $input) {\n      ...ServiceBookingFields\n    }\n  }\n": typeof types.CreateServiceBookingDocument,
    "\n  query MyServiceBookings {\n    myServiceBookings {\n      ...ServiceBookingFields\n    }\n  }\n": typeof types.MyServiceBookingsDocument,
    "\n  query AdminServiceBookings($status: ServiceBookingStatus, $search: String) {\n    serviceBookings(status: $status, search: $search) {\n      ...ServiceBookingFields\n    }\n  }\n": typeof types.AdminServiceBookingsDocument,
    "\n  mutation UpdateServiceBooking($id: ID!, $input: UpdateServiceBookingInput!) {\n    updateServiceBooking(id: $id, input: $input) {\n      ...ServiceBookingFields\n    }\n  }\n": typeof types.UpdateServiceBookingDocument,
    "\n  subscription ServiceBookingCreated {\n    serviceBookingCreated {\n      ...ServiceBookingFields\n    }\n  }\n": typeof types.ServiceBookingCreatedDocument,
    "\n  subscription ServiceBookingUpdated {\n    serviceBookingUpdated {\n      ...ServiceBookingFields\n    }\n  }\n": typeof types.ServiceBookingUpdatedDocument,
    "\n  mutation CancelMyServiceBooking($id: ID!, $reason: String) {\n    cancelMyServiceBooking(id: $id, reason: $reason) {\n      ...ServiceBookingFields\n    }\n  }\n": typeof types.CancelMyServiceBookingDocument,
    "\n  mutation RescheduleServiceBooking($id: ID!, $input: RescheduleServiceBookingInput!) {\n    rescheduleServiceBooking(id: $id, input: $input) {\n      ...ServiceBookingFields\n    }\n  }\n": typeof types.RescheduleServiceBookingDocument,
    "\n  mutation CreateServiceBookingFromInquiry($inquiryId: ID!, $input: ServiceBookingFromInquiryInput) {\n    createServiceBookingFromInquiry(inquiryId: $inquiryId, input: $input) {\n      ...ServiceBookingFields\n    }\n  }\n": typeof types.CreateServiceBookingFromInquiryDocument,
};
const documents: Documents = {
    "\n  fragment AdminUserFields on User {\n    id\n    email\n    fullName\n    companyName\n    phone\n    role\n    status\n    createdAt\n  }\n": types.AdminUserFieldsFragmentDoc,
    "\n  query AdminUsers($search: String, $limit: Int, $offset: Int) {\n    adminUsers(search: $search, limit: $limit, offset: $offset) {\n      total\n      items {\n        ...AdminUserFields\n      }\n      counts {\n        total\n        hostsSellers\n        active\n        suspended\n      }\n    }\n  }\n": types.AdminUsersDocument,
    "\n  mutation AdminUpdateUser($id: ID!, $input: AdminUserUpdateInput!) {\n    adminUpdateUser(id: $id, input: $input) {\n      ...AdminUserFields\n    }\n  }\n": types.AdminUpdateUserDocument,
    "\n  query AdminStats {\n    adminStats {\n      totalUsers\n      activeResources\n      activeBookings\n      totalRevenue\n      utilizationRate\n      pendingResources\n      newInquiries\n      paymentsConfigured\n    }\n  }\n": types.AdminStatsDocument,
    "\n  query AuditLog($limit: Int, $offset: Int, $entityType: String) {\n    auditLog(limit: $limit, offset: $offset, entityType: $entityType) {\n      total\n      limit\n      offset\n      items {\n        id\n        actorEmail\n        action\n        entityType\n        entityId\n        entityLabel\n        before\n        after\n        createdAt\n      }\n    }\n  }\n": types.AuditLogDocument,
    "\n  fragment MyFatoorahSettingsFields on MyFatoorahSettings {\n    apiKeySet\n    apiKeyLast4\n    testMode\n    webhookUrl\n    webhookEndpoint\n    successUrl\n    errorUrl\n  }\n": types.MyFatoorahSettingsFieldsFragmentDoc,
    "\n  fragment AiChatSettingsFields on AiChatSettings {\n    apiKeySet\n    apiKeyLast4\n    enabled\n    provider\n    model\n    systemPrompt\n    temperature\n    maxTokens\n  }\n": types.AiChatSettingsFieldsFragmentDoc,
    "\n  fragment GeneralSettingsFields on GeneralSettings {\n    platformName\n    contactEmail\n    contactPhone\n    address\n    vatNumber\n    businessHours\n  }\n": types.GeneralSettingsFieldsFragmentDoc,
    "\n  query AdminSettings {\n    adminSettings {\n      myfatoorah {\n        ...MyFatoorahSettingsFields\n      }\n      aiChat {\n        ...AiChatSettingsFields\n      }\n      general {\n        ...GeneralSettingsFields\n      }\n    }\n  }\n": types.AdminSettingsDocument,
    "\n  mutation UpdateMyFatoorahSettings($input: MyFatoorahSettingsInput!) {\n    updateMyFatoorahSettings(input: $input) {\n      ...MyFatoorahSettingsFields\n    }\n  }\n": types.UpdateMyFatoorahSettingsDocument,
    "\n  mutation UpdateAiChatSettings($input: AiChatSettingsInput!) {\n    updateAiChatSettings(input: $input) {\n      ...AiChatSettingsFields\n    }\n  }\n": types.UpdateAiChatSettingsDocument,
    "\n  mutation UpdateGeneralSettings($input: GeneralSettingsInput!) {\n    updateGeneralSettings(input: $input) {\n      ...GeneralSettingsFields\n    }\n  }\n": types.UpdateGeneralSettingsDocument,
    "\n  mutation TestAiChat($message: String!) {\n    testAiChat(message: $message) {\n      success\n      model\n      response\n      error\n    }\n  }\n": types.TestAiChatDocument,
    "\n  query AdminAnalytics($period: AnalyticsPeriod) {\n    adminAnalytics(period: $period) {\n      period\n      start\n      end\n      bucket\n      revenueTrend {\n        bucketStart\n        revenue\n        paidBookings\n      }\n      bookingsByCategory {\n        category\n        bookings\n        percent\n      }\n      revenue {\n        value\n        previous\n        change\n      }\n      paidBookings {\n        value\n        previous\n        change\n      }\n      bookingsCreated {\n        value\n        previous\n        change\n      }\n      averageBookingValue {\n        value\n        previous\n        change\n      }\n      conversionRate {\n        value\n        previous\n        change\n      }\n      retentionRate {\n        value\n        previous\n        change\n      }\n      medianFirstResponseHours {\n        value\n        previous\n        change\n      }\n      utilizationRate {\n        value\n        previous\n        change\n      }\n    }\n  }\n": types.AdminAnalyticsDocument,
    "\n  query PublicStats {\n    publicStats {\n      activeResources\n      completedBookings\n      businesses\n    }\n  }\n": types.PublicStatsDocument,
    "\n  mutation ForgotPassword($email: String!) {\n    forgotPassword(email: $email) {\n      message\n    }\n  }\n": types.ForgotPasswordDocument,
    "\n  mutation ResetPassword($token: String!, $password: String!) {\n    resetPassword(token: $token, password: $password) {\n      message\n    }\n  }\n": types.ResetPasswordDocument,
    "\n  mutation ChangePassword($input: ChangePasswordInput!) {\n    changePassword(input: $input) {\n      accessToken\n      user {\n        ...UserFields\n      }\n    }\n  }\n": types.ChangePasswordDocument,
    "\n  mutation LogoutAll {\n    logoutAll {\n      message\n    }\n  }\n": types.LogoutAllDocument,
    "\n  mutation RequestEmailChange($input: ChangeEmailInput!) {\n    requestEmailChange(input: $input) {\n      message\n    }\n  }\n": types.RequestEmailChangeDocument,
    "\n  mutation ConfirmEmailChange($token: String!) {\n    confirmEmailChange(token: $token) {\n      ...UserFields\n    }\n  }\n": types.ConfirmEmailChangeDocument,
    "\n  mutation DeleteAccount($password: String!) {\n    deleteAccount(password: $password) {\n      message\n    }\n  }\n": types.DeleteAccountDocument,
    "\n  fragment UserFields on User {\n    id\n    email\n    fullName\n    companyName\n    phone\n    role\n    status\n    emailVerified\n    locale\n    createdAt\n    vatNumber\n    crNumber\n    nationalAddress {\n      buildingNumber\n      street\n      district\n      city\n      postalCode\n      additionalNumber\n    }\n  }\n": types.UserFieldsFragmentDoc,
    "\n  query Me {\n    me {\n      ...UserFields\n    }\n  }\n": types.MeDocument,
    "\n  subscription MeUpdated {\n    meUpdated {\n      ...UserFields\n    }\n  }\n": types.MeUpdatedDocument,
    "\n  mutation Login($input: LoginInput!) {\n    login(input: $input) {\n      accessToken\n      user {\n        ...UserFields\n      }\n    }\n  }\n": types.LoginDocument,
    "\n  mutation Register($input: RegisterInput!) {\n    register(input: $input) {\n      accessToken\n      user {\n        ...UserFields\n      }\n    }\n  }\n": types.RegisterDocument,
    "\n  mutation VerifyEmail($token: String!) {\n    verifyEmail(token: $token) {\n      ...UserFields\n    }\n  }\n": types.VerifyEmailDocument,
    "\n  mutation ResendVerification($email: String) {\n    resendVerification(email: $email) {\n      message\n    }\n  }\n": types.ResendVerificationDocument,
    "\n  mutation UpdateProfile($input: ProfileInput!) {\n    updateProfile(input: $input) {\n      ...UserFields\n    }\n  }\n": types.UpdateProfileDocument,
    "\n  query BusinessServices($locale: String) {\n    businessServices(locale: $locale) {\n      id\n      title\n      description\n      icon\n      image\n    }\n  }\n": types.BusinessServicesDocument,
    "\n  query BusinessService($id: ID!, $locale: String) {\n    businessService(id: $id, locale: $locale) {\n      id\n      title\n      description\n      icon\n      image\n      details\n      benefits\n      processSteps {\n        step\n        title\n        description\n      }\n    }\n  }\n": types.BusinessServiceDocument,
    "\n  fragment InquiryFields on Inquiry {\n    id\n    serviceType\n    fullName\n    email\n    companyName\n    message\n    status\n    preferredDate\n    preferredTime\n    createdAt\n  }\n": types.InquiryFieldsFragmentDoc,
    "\n  mutation SubmitInquiry($input: InquiryInput!) {\n    submitInquiry(input: $input) {\n      ...InquiryFields\n    }\n  }\n": types.SubmitInquiryDocument,
    "\n  query MyInquiries {\n    myInquiries {\n      ...InquiryFields\n    }\n  }\n": types.MyInquiriesDocument,
    "\n  query AdminInquiries($status: InquiryStatus, $search: String) {\n    inquiries(status: $status, search: $search) {\n      ...InquiryFields\n    }\n    inquiryStats {\n      total\n      new\n      inProgress\n      resolved\n      closed\n    }\n  }\n": types.AdminInquiriesDocument,
    "\n  mutation UpdateInquiryStatus($id: ID!, $status: InquiryStatus!) {\n    updateInquiryStatus(id: $id, status: $status) {\n      ...InquiryFields\n    }\n  }\n": types.UpdateInquiryStatusDocument,
    "\n  fragment InvoiceFields on BookingInvoice {\n    bookingId\n    serviceBookingId\n    invoiceNumber\n    issuedAt\n    currency\n    seller {\n      name\n      vatNumber\n      address\n      contactEmail\n      contactPhone\n    }\n    buyer {\n      name\n      email\n      companyName\n    }\n    lines {\n      description\n      period\n      quantity\n      unitPrice\n      amount\n    }\n    subtotal\n    vatRate\n    vat\n    total\n    cardBrand\n    cardLast4\n    startDate\n    endDate\n    qrPayload\n  }\n": types.InvoiceFieldsFragmentDoc,
    "\n  query BookingInvoice($bookingId: String!) {\n    bookingInvoice(bookingId: $bookingId) {\n      ...InvoiceFields\n    }\n  }\n": types.BookingInvoiceDocument,
    "\n  query ServiceBookingInvoice($serviceBookingId: String!) {\n    serviceBookingInvoice(serviceBookingId: $serviceBookingId) {\n      ...InvoiceFields\n    }\n  }\n": types.ServiceBookingInvoiceDocument,
    "\n  subscription BookingUpdated {\n    bookingUpdated {\n      ...BookingRow_booking\n    }\n  }\n": types.BookingUpdatedDocument,
    "\n  subscription ResourceReviewed {\n    resourceReviewed {\n      ...ResourceCard_resource\n      ...ResourceChanges_resource\n    }\n  }\n": types.ResourceReviewedDocument,
    "\n  subscription ResourceSubmitted {\n    resourceSubmitted {\n      ...ResourceCard_resource\n      ...ResourceChanges_resource\n    }\n  }\n": types.ResourceSubmittedDocument,
    "\n  subscription InquiryCreated {\n    inquiryCreated {\n      ...InquiryFields\n    }\n  }\n": types.InquiryCreatedDocument,
    "\n  subscription InquiryUpdated {\n    inquiryUpdated {\n      ...InquiryFields\n    }\n  }\n": types.InquiryUpdatedDocument,
    "\n  subscription StatsUpdated {\n    statsUpdated {\n      totalUsers\n      activeResources\n      activeBookings\n      totalRevenue\n      utilizationRate\n      pendingResources\n      newInquiries\n      paymentsConfigured\n    }\n  }\n": types.StatsUpdatedDocument,
    "\n  query AdminBadgeCounts {\n    resourceStatusCounts {\n      total\n      pending\n      active\n      rejected\n      withdrawn\n      changesPending\n    }\n    inquiryStats {\n      total\n      new\n      inProgress\n      resolved\n      closed\n    }\n  }\n": types.AdminBadgeCountsDocument,
    "\n  fragment ResourceCard_resource on Resource {\n    id\n    title\n    description\n    category\n    resourceType\n    fileFormat\n    price\n    currency\n    period\n    location\n    availability\n    images\n    rating\n    reviewsCount\n    viewsCount\n    ownerId\n    ownerName\n    tags\n    status\n    rejectionReason\n    createdAt\n  }\n": types.ResourceCard_ResourceFragmentDoc,
    "\n  fragment ResourceChanges_resource on Resource {\n    id\n    pendingChanges {\n      title\n      description\n      category\n      price\n      period\n      location\n      tags\n      images\n      submittedAt\n    }\n    changesRejectionReason\n  }\n": types.ResourceChanges_ResourceFragmentDoc,
    "\n  query Resources($filter: ResourceFilterInput) {\n    resources(filter: $filter) {\n      total\n      totalCapped\n      page\n      pageSize\n      items {\n        ...ResourceCard_resource\n      }\n    }\n  }\n": types.ResourcesDocument,
    "\n  query Resource($id: ID!) {\n    resource(id: $id) {\n      ...ResourceCard_resource\n      ...ResourceChanges_resource\n    }\n    resourceBusyRanges(resourceId: $id) {\n      startDate\n      endDate\n    }\n  }\n": types.ResourceDocument,
    "\n  query MyResources {\n    myResources {\n      ...ResourceCard_resource\n      ...ResourceChanges_resource\n    }\n  }\n": types.MyResourcesDocument,
    "\n  query AdminResources($filter: ResourceFilterInput) {\n    adminResources(filter: $filter) {\n      total\n      page\n      pageSize\n      items {\n        ...ResourceCard_resource\n      }\n    }\n    resourceStatusCounts {\n      total\n      pending\n      active\n      rejected\n      withdrawn\n    }\n  }\n": types.AdminResourcesDocument,
    "\n  query AdminResourceChanges {\n    adminResourceChanges {\n      ...ResourceCard_resource\n      ...ResourceChanges_resource\n    }\n  }\n": types.AdminResourceChangesDocument,
    "\n  mutation ApproveResourceChanges($id: ID!) {\n    approveResourceChanges(id: $id) {\n      ...ResourceCard_resource\n      ...ResourceChanges_resource\n    }\n  }\n": types.ApproveResourceChangesDocument,
    "\n  mutation RejectResourceChanges($id: ID!, $reason: String) {\n    rejectResourceChanges(id: $id, reason: $reason) {\n      ...ResourceCard_resource\n      ...ResourceChanges_resource\n    }\n  }\n": types.RejectResourceChangesDocument,
    "\n  mutation DeleteResource($id: ID!) {\n    deleteResource(id: $id)\n  }\n": types.DeleteResourceDocument,
    "\n  mutation ApproveResource($id: ID!) {\n    approveResource(id: $id) {\n      id\n      status\n      rejectionReason\n    }\n  }\n": types.ApproveResourceDocument,
    "\n  mutation RejectResource($id: ID!, $reason: String) {\n    rejectResource(id: $id, reason: $reason) {\n      id\n      status\n      rejectionReason\n    }\n  }\n": types.RejectResourceDocument,
    "\n  mutation ResourceDownloadLink($id: ID!) {\n    resourceDownloadLink(id: $id) {\n      url\n      expiresAt\n    }\n  }\n": types.ResourceDownloadLinkDocument,
    "\n  fragment BookingRow_booking on Booking {\n    id\n    resourceId\n    resourceTitle\n    resourceType\n    startDate\n    endDate\n    periods\n    totalAmount\n    vatAmount\n    totalWithVat\n    currency\n    status\n    paymentStatus\n    holdExpiresAt\n    createdAt\n  }\n": types.BookingRow_BookingFragmentDoc,
    "\n  query MyBookings {\n    myBookings {\n      ...BookingRow_booking\n    }\n  }\n": types.MyBookingsDocument,
    "\n  mutation CreateBooking($input: CreateBookingInput!) {\n    createBooking(input: $input) {\n      ...BookingRow_booking\n    }\n  }\n": types.CreateBookingDocument,
    "\n  mutation CancelBooking($id: ID!) {\n    cancelBooking(id: $id) {\n      id\n      status\n      paymentStatus\n    }\n  }\n": types.CancelBookingDocument,
    "\n  query HostBookings {\n    bookings {\n      ...BookingRow_booking\n      userName\n    }\n  }\n": types.HostBookingsDocument,
    "\n  mutation SubscribeNewsletter($email: String!, $locale: String) {\n    subscribeNewsletter(email: $email, locale: $locale) {\n      message\n    }\n  }\n": types.SubscribeNewsletterDocument,
    "\n  query NewsletterSubscription($token: String!) {\n    newsletterSubscription(token: $token) {\n      email\n      subscribed\n    }\n  }\n": types.NewsletterSubscriptionDocument,
    "\n  mutation UnsubscribeNewsletter($token: String!) {\n    unsubscribeNewsletter(token: $token) {\n      email\n      subscribed\n    }\n  }\n": types.UnsubscribeNewsletterDocument,
    "\n  mutation ConfirmNewsletter($token: String!) {\n    confirmNewsletter(token: $token) {\n      email\n      subscribed\n    }\n  }\n": types.ConfirmNewsletterDocument,
    "\n  fragment PaymentBooking on Booking {\n    id\n    resourceTitle\n    startDate\n    endDate\n    totalAmount\n    totalWithVat\n    status\n    paymentStatus\n  }\n": types.PaymentBookingFragmentDoc,
    "\n  query PaymentEligibility($bookingId: String!, $id: ID!) {\n    paymentEligibility(bookingId: $bookingId) {\n      canPay\n      reason\n      message\n      bookingId\n      resourceTitle\n      subtotal\n      vat\n      amount\n      currency\n      paymentMethod\n      testMode\n      testCards\n    }\n    booking(id: $id) {\n      ...PaymentBooking\n    }\n  }\n": types.PaymentEligibilityDocument,
    "\n  query ServicePaymentEligibility($serviceBookingId: String!, $id: ID!) {\n    paymentEligibility(serviceBookingId: $serviceBookingId) {\n      canPay\n      reason\n      message\n      serviceBookingId\n      subtotal\n      vat\n      amount\n      currency\n      paymentMethod\n      testMode\n      testCards\n    }\n    serviceBooking(id: $id) {\n      id\n      serviceName\n      serviceNameAr\n      scheduledAt\n      status\n      paymentStatus\n      totalWithVat\n    }\n  }\n": types.ServicePaymentEligibilityDocument,
    "\n  mutation ChargeCard($input: CardChargeInput!) {\n    chargeCard(input: $input) {\n      success\n      status\n      transactionId\n      bookingId\n      error\n    }\n  }\n": types.ChargeCardDocument,
    "\n  mutation InitiatePayment($bookingId: String, $serviceBookingId: String, $method: String) {\n    initiatePayment(bookingId: $bookingId, serviceBookingId: $serviceBookingId, method: $method) {\n      success\n      paymentUrl\n      error\n    }\n  }\n": types.InitiatePaymentDocument,
    "\n  mutation ConfirmPayment($bookingId: String, $serviceBookingId: String, $paymentId: String!) {\n    confirmPayment(bookingId: $bookingId, serviceBookingId: $serviceBookingId, paymentId: $paymentId) {\n      success\n      status\n      transactionId\n      error\n      booking {\n        ...PaymentBooking\n      }\n      serviceBooking {\n        id\n        serviceName\n        serviceNameAr\n        scheduledAt\n        totalWithVat\n        paymentStatus\n      }\n    }\n  }\n": types.ConfirmPaymentDocument,
    "\n  query BookingPayments($bookingId: String!, $id: ID!) {\n    bookingPayments(bookingId: $bookingId) {\n      id\n      status\n      amount\n      vat\n      subtotal\n      transactionId\n      cardBrand\n      cardLast4\n      invoiceNumber\n      paidAt\n      error\n    }\n    booking(id: $id) {\n      ...PaymentBooking\n    }\n  }\n": types.BookingPaymentsDocument,
    "\n  subscription PaymentUpdated($bookingId: String, $serviceBookingId: String) {\n    paymentUpdated(bookingId: $bookingId, serviceBookingId: $serviceBookingId) {\n      id\n      status\n      amount\n      transactionId\n      error\n      paidAt\n    }\n  }\n": types.PaymentUpdatedDocument,
    "\n  query PlatformInfo {\n    platformInfo {\n      platformName\n      contactEmail\n      contactPhone\n      address\n      vatNumber\n      businessHours\n    }\n  }\n": types.PlatformInfoDocument,
    "\n  fragment ServiceBookingFields on ServiceBooking {\n    id\n    serviceId\n    serviceName\n    serviceNameAr\n    status\n    paymentStatus\n    preferredDate\n    preferredTime\n    contactNumber\n    requirements\n    price\n    vatAmount\n    totalWithVat\n    scheduledAt\n    cancelReason\n    paymentMethod\n    userName\n    userEmail\n    createdAt\n    changeableUntil\n  }\n": types.ServiceBookingFieldsFragmentDoc,
    "\n  mutation CreateServiceBooking($input: ServiceBookingInput!) {\n    createServiceBooking(input: $input) {\n      ...ServiceBookingFields\n    }\n  }\n": types.CreateServiceBookingDocument,
    "\n  query MyServiceBookings {\n    myServiceBookings {\n      ...ServiceBookingFields\n    }\n  }\n": types.MyServiceBookingsDocument,
    "\n  query AdminServiceBookings($status: ServiceBookingStatus, $search: String) {\n    serviceBookings(status: $status, search: $search) {\n      ...ServiceBookingFields\n    }\n  }\n": types.AdminServiceBookingsDocument,
    "\n  mutation UpdateServiceBooking($id: ID!, $input: UpdateServiceBookingInput!) {\n    updateServiceBooking(id: $id, input: $input) {\n      ...ServiceBookingFields\n    }\n  }\n": types.UpdateServiceBookingDocument,
    "\n  subscription ServiceBookingCreated {\n    serviceBookingCreated {\n      ...ServiceBookingFields\n    }\n  }\n": types.ServiceBookingCreatedDocument,
    "\n  subscription ServiceBookingUpdated {\n    serviceBookingUpdated {\n      ...ServiceBookingFields\n    }\n  }\n": types.ServiceBookingUpdatedDocument,
    "\n  mutation CancelMyServiceBooking($id: ID!, $reason: String) {\n    cancelMyServiceBooking(id: $id, reason: $reason) {\n      ...ServiceBookingFields\n    }\n  }\n": types.CancelMyServiceBookingDocument,
    "\n  mutation RescheduleServiceBooking($id: ID!, $input: RescheduleServiceBookingInput!) {\n    rescheduleServiceBooking(id: $id, input: $input) {\n      ...ServiceBookingFields\n    }\n  }\n": types.RescheduleServiceBookingDocument,
    "\n  mutation CreateServiceBookingFromInquiry($inquiryId: ID!, $input: ServiceBookingFromInquiryInput) {\n    createServiceBookingFromInquiry(inquiryId: $inquiryId, input: $input) {\n      ...ServiceBookingFields\n    }\n  }\n": types.CreateServiceBookingFromInquiryDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminUserFields on User {\n    id\n    email\n    fullName\n    companyName\n    phone\n    role\n    status\n    createdAt\n  }\n"): (typeof documents)["\n  fragment AdminUserFields on User {\n    id\n    email\n    fullName\n    companyName\n    phone\n    role\n    status\n    createdAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminUsers($search: String, $limit: Int, $offset: Int) {\n    adminUsers(search: $search, limit: $limit, offset: $offset) {\n      total\n      items {\n        ...AdminUserFields\n      }\n      counts {\n        total\n        hostsSellers\n        active\n        suspended\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminUsers($search: String, $limit: Int, $offset: Int) {\n    adminUsers(search: $search, limit: $limit, offset: $offset) {\n      total\n      items {\n        ...AdminUserFields\n      }\n      counts {\n        total\n        hostsSellers\n        active\n        suspended\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminUpdateUser($id: ID!, $input: AdminUserUpdateInput!) {\n    adminUpdateUser(id: $id, input: $input) {\n      ...AdminUserFields\n    }\n  }\n"): (typeof documents)["\n  mutation AdminUpdateUser($id: ID!, $input: AdminUserUpdateInput!) {\n    adminUpdateUser(id: $id, input: $input) {\n      ...AdminUserFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminStats {\n    adminStats {\n      totalUsers\n      activeResources\n      activeBookings\n      totalRevenue\n      utilizationRate\n      pendingResources\n      newInquiries\n      paymentsConfigured\n    }\n  }\n"): (typeof documents)["\n  query AdminStats {\n    adminStats {\n      totalUsers\n      activeResources\n      activeBookings\n      totalRevenue\n      utilizationRate\n      pendingResources\n      newInquiries\n      paymentsConfigured\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AuditLog($limit: Int, $offset: Int, $entityType: String) {\n    auditLog(limit: $limit, offset: $offset, entityType: $entityType) {\n      total\n      limit\n      offset\n      items {\n        id\n        actorEmail\n        action\n        entityType\n        entityId\n        entityLabel\n        before\n        after\n        createdAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query AuditLog($limit: Int, $offset: Int, $entityType: String) {\n    auditLog(limit: $limit, offset: $offset, entityType: $entityType) {\n      total\n      limit\n      offset\n      items {\n        id\n        actorEmail\n        action\n        entityType\n        entityId\n        entityLabel\n        before\n        after\n        createdAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment MyFatoorahSettingsFields on MyFatoorahSettings {\n    apiKeySet\n    apiKeyLast4\n    testMode\n    webhookUrl\n    webhookEndpoint\n    successUrl\n    errorUrl\n  }\n"): (typeof documents)["\n  fragment MyFatoorahSettingsFields on MyFatoorahSettings {\n    apiKeySet\n    apiKeyLast4\n    testMode\n    webhookUrl\n    webhookEndpoint\n    successUrl\n    errorUrl\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AiChatSettingsFields on AiChatSettings {\n    apiKeySet\n    apiKeyLast4\n    enabled\n    provider\n    model\n    systemPrompt\n    temperature\n    maxTokens\n  }\n"): (typeof documents)["\n  fragment AiChatSettingsFields on AiChatSettings {\n    apiKeySet\n    apiKeyLast4\n    enabled\n    provider\n    model\n    systemPrompt\n    temperature\n    maxTokens\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment GeneralSettingsFields on GeneralSettings {\n    platformName\n    contactEmail\n    contactPhone\n    address\n    vatNumber\n    businessHours\n  }\n"): (typeof documents)["\n  fragment GeneralSettingsFields on GeneralSettings {\n    platformName\n    contactEmail\n    contactPhone\n    address\n    vatNumber\n    businessHours\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminSettings {\n    adminSettings {\n      myfatoorah {\n        ...MyFatoorahSettingsFields\n      }\n      aiChat {\n        ...AiChatSettingsFields\n      }\n      general {\n        ...GeneralSettingsFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminSettings {\n    adminSettings {\n      myfatoorah {\n        ...MyFatoorahSettingsFields\n      }\n      aiChat {\n        ...AiChatSettingsFields\n      }\n      general {\n        ...GeneralSettingsFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateMyFatoorahSettings($input: MyFatoorahSettingsInput!) {\n    updateMyFatoorahSettings(input: $input) {\n      ...MyFatoorahSettingsFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateMyFatoorahSettings($input: MyFatoorahSettingsInput!) {\n    updateMyFatoorahSettings(input: $input) {\n      ...MyFatoorahSettingsFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateAiChatSettings($input: AiChatSettingsInput!) {\n    updateAiChatSettings(input: $input) {\n      ...AiChatSettingsFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateAiChatSettings($input: AiChatSettingsInput!) {\n    updateAiChatSettings(input: $input) {\n      ...AiChatSettingsFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateGeneralSettings($input: GeneralSettingsInput!) {\n    updateGeneralSettings(input: $input) {\n      ...GeneralSettingsFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateGeneralSettings($input: GeneralSettingsInput!) {\n    updateGeneralSettings(input: $input) {\n      ...GeneralSettingsFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TestAiChat($message: String!) {\n    testAiChat(message: $message) {\n      success\n      model\n      response\n      error\n    }\n  }\n"): (typeof documents)["\n  mutation TestAiChat($message: String!) {\n    testAiChat(message: $message) {\n      success\n      model\n      response\n      error\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminAnalytics($period: AnalyticsPeriod) {\n    adminAnalytics(period: $period) {\n      period\n      start\n      end\n      bucket\n      revenueTrend {\n        bucketStart\n        revenue\n        paidBookings\n      }\n      bookingsByCategory {\n        category\n        bookings\n        percent\n      }\n      revenue {\n        value\n        previous\n        change\n      }\n      paidBookings {\n        value\n        previous\n        change\n      }\n      bookingsCreated {\n        value\n        previous\n        change\n      }\n      averageBookingValue {\n        value\n        previous\n        change\n      }\n      conversionRate {\n        value\n        previous\n        change\n      }\n      retentionRate {\n        value\n        previous\n        change\n      }\n      medianFirstResponseHours {\n        value\n        previous\n        change\n      }\n      utilizationRate {\n        value\n        previous\n        change\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminAnalytics($period: AnalyticsPeriod) {\n    adminAnalytics(period: $period) {\n      period\n      start\n      end\n      bucket\n      revenueTrend {\n        bucketStart\n        revenue\n        paidBookings\n      }\n      bookingsByCategory {\n        category\n        bookings\n        percent\n      }\n      revenue {\n        value\n        previous\n        change\n      }\n      paidBookings {\n        value\n        previous\n        change\n      }\n      bookingsCreated {\n        value\n        previous\n        change\n      }\n      averageBookingValue {\n        value\n        previous\n        change\n      }\n      conversionRate {\n        value\n        previous\n        change\n      }\n      retentionRate {\n        value\n        previous\n        change\n      }\n      medianFirstResponseHours {\n        value\n        previous\n        change\n      }\n      utilizationRate {\n        value\n        previous\n        change\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PublicStats {\n    publicStats {\n      activeResources\n      completedBookings\n      businesses\n    }\n  }\n"): (typeof documents)["\n  query PublicStats {\n    publicStats {\n      activeResources\n      completedBookings\n      businesses\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ForgotPassword($email: String!) {\n    forgotPassword(email: $email) {\n      message\n    }\n  }\n"): (typeof documents)["\n  mutation ForgotPassword($email: String!) {\n    forgotPassword(email: $email) {\n      message\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResetPassword($token: String!, $password: String!) {\n    resetPassword(token: $token, password: $password) {\n      message\n    }\n  }\n"): (typeof documents)["\n  mutation ResetPassword($token: String!, $password: String!) {\n    resetPassword(token: $token, password: $password) {\n      message\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ChangePassword($input: ChangePasswordInput!) {\n    changePassword(input: $input) {\n      accessToken\n      user {\n        ...UserFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ChangePassword($input: ChangePasswordInput!) {\n    changePassword(input: $input) {\n      accessToken\n      user {\n        ...UserFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation LogoutAll {\n    logoutAll {\n      message\n    }\n  }\n"): (typeof documents)["\n  mutation LogoutAll {\n    logoutAll {\n      message\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RequestEmailChange($input: ChangeEmailInput!) {\n    requestEmailChange(input: $input) {\n      message\n    }\n  }\n"): (typeof documents)["\n  mutation RequestEmailChange($input: ChangeEmailInput!) {\n    requestEmailChange(input: $input) {\n      message\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConfirmEmailChange($token: String!) {\n    confirmEmailChange(token: $token) {\n      ...UserFields\n    }\n  }\n"): (typeof documents)["\n  mutation ConfirmEmailChange($token: String!) {\n    confirmEmailChange(token: $token) {\n      ...UserFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteAccount($password: String!) {\n    deleteAccount(password: $password) {\n      message\n    }\n  }\n"): (typeof documents)["\n  mutation DeleteAccount($password: String!) {\n    deleteAccount(password: $password) {\n      message\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment UserFields on User {\n    id\n    email\n    fullName\n    companyName\n    phone\n    role\n    status\n    emailVerified\n    locale\n    createdAt\n    vatNumber\n    crNumber\n    nationalAddress {\n      buildingNumber\n      street\n      district\n      city\n      postalCode\n      additionalNumber\n    }\n  }\n"): (typeof documents)["\n  fragment UserFields on User {\n    id\n    email\n    fullName\n    companyName\n    phone\n    role\n    status\n    emailVerified\n    locale\n    createdAt\n    vatNumber\n    crNumber\n    nationalAddress {\n      buildingNumber\n      street\n      district\n      city\n      postalCode\n      additionalNumber\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Me {\n    me {\n      ...UserFields\n    }\n  }\n"): (typeof documents)["\n  query Me {\n    me {\n      ...UserFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription MeUpdated {\n    meUpdated {\n      ...UserFields\n    }\n  }\n"): (typeof documents)["\n  subscription MeUpdated {\n    meUpdated {\n      ...UserFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Login($input: LoginInput!) {\n    login(input: $input) {\n      accessToken\n      user {\n        ...UserFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation Login($input: LoginInput!) {\n    login(input: $input) {\n      accessToken\n      user {\n        ...UserFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Register($input: RegisterInput!) {\n    register(input: $input) {\n      accessToken\n      user {\n        ...UserFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation Register($input: RegisterInput!) {\n    register(input: $input) {\n      accessToken\n      user {\n        ...UserFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation VerifyEmail($token: String!) {\n    verifyEmail(token: $token) {\n      ...UserFields\n    }\n  }\n"): (typeof documents)["\n  mutation VerifyEmail($token: String!) {\n    verifyEmail(token: $token) {\n      ...UserFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResendVerification($email: String) {\n    resendVerification(email: $email) {\n      message\n    }\n  }\n"): (typeof documents)["\n  mutation ResendVerification($email: String) {\n    resendVerification(email: $email) {\n      message\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateProfile($input: ProfileInput!) {\n    updateProfile(input: $input) {\n      ...UserFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateProfile($input: ProfileInput!) {\n    updateProfile(input: $input) {\n      ...UserFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BusinessServices($locale: String) {\n    businessServices(locale: $locale) {\n      id\n      title\n      description\n      icon\n      image\n    }\n  }\n"): (typeof documents)["\n  query BusinessServices($locale: String) {\n    businessServices(locale: $locale) {\n      id\n      title\n      description\n      icon\n      image\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BusinessService($id: ID!, $locale: String) {\n    businessService(id: $id, locale: $locale) {\n      id\n      title\n      description\n      icon\n      image\n      details\n      benefits\n      processSteps {\n        step\n        title\n        description\n      }\n    }\n  }\n"): (typeof documents)["\n  query BusinessService($id: ID!, $locale: String) {\n    businessService(id: $id, locale: $locale) {\n      id\n      title\n      description\n      icon\n      image\n      details\n      benefits\n      processSteps {\n        step\n        title\n        description\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment InquiryFields on Inquiry {\n    id\n    serviceType\n    fullName\n    email\n    companyName\n    message\n    status\n    preferredDate\n    preferredTime\n    createdAt\n  }\n"): (typeof documents)["\n  fragment InquiryFields on Inquiry {\n    id\n    serviceType\n    fullName\n    email\n    companyName\n    message\n    status\n    preferredDate\n    preferredTime\n    createdAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SubmitInquiry($input: InquiryInput!) {\n    submitInquiry(input: $input) {\n      ...InquiryFields\n    }\n  }\n"): (typeof documents)["\n  mutation SubmitInquiry($input: InquiryInput!) {\n    submitInquiry(input: $input) {\n      ...InquiryFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyInquiries {\n    myInquiries {\n      ...InquiryFields\n    }\n  }\n"): (typeof documents)["\n  query MyInquiries {\n    myInquiries {\n      ...InquiryFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminInquiries($status: InquiryStatus, $search: String) {\n    inquiries(status: $status, search: $search) {\n      ...InquiryFields\n    }\n    inquiryStats {\n      total\n      new\n      inProgress\n      resolved\n      closed\n    }\n  }\n"): (typeof documents)["\n  query AdminInquiries($status: InquiryStatus, $search: String) {\n    inquiries(status: $status, search: $search) {\n      ...InquiryFields\n    }\n    inquiryStats {\n      total\n      new\n      inProgress\n      resolved\n      closed\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateInquiryStatus($id: ID!, $status: InquiryStatus!) {\n    updateInquiryStatus(id: $id, status: $status) {\n      ...InquiryFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateInquiryStatus($id: ID!, $status: InquiryStatus!) {\n    updateInquiryStatus(id: $id, status: $status) {\n      ...InquiryFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment InvoiceFields on BookingInvoice {\n    bookingId\n    serviceBookingId\n    invoiceNumber\n    issuedAt\n    currency\n    seller {\n      name\n      vatNumber\n      address\n      contactEmail\n      contactPhone\n    }\n    buyer {\n      name\n      email\n      companyName\n    }\n    lines {\n      description\n      period\n      quantity\n      unitPrice\n      amount\n    }\n    subtotal\n    vatRate\n    vat\n    total\n    cardBrand\n    cardLast4\n    startDate\n    endDate\n    qrPayload\n  }\n"): (typeof documents)["\n  fragment InvoiceFields on BookingInvoice {\n    bookingId\n    serviceBookingId\n    invoiceNumber\n    issuedAt\n    currency\n    seller {\n      name\n      vatNumber\n      address\n      contactEmail\n      contactPhone\n    }\n    buyer {\n      name\n      email\n      companyName\n    }\n    lines {\n      description\n      period\n      quantity\n      unitPrice\n      amount\n    }\n    subtotal\n    vatRate\n    vat\n    total\n    cardBrand\n    cardLast4\n    startDate\n    endDate\n    qrPayload\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BookingInvoice($bookingId: String!) {\n    bookingInvoice(bookingId: $bookingId) {\n      ...InvoiceFields\n    }\n  }\n"): (typeof documents)["\n  query BookingInvoice($bookingId: String!) {\n    bookingInvoice(bookingId: $bookingId) {\n      ...InvoiceFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ServiceBookingInvoice($serviceBookingId: String!) {\n    serviceBookingInvoice(serviceBookingId: $serviceBookingId) {\n      ...InvoiceFields\n    }\n  }\n"): (typeof documents)["\n  query ServiceBookingInvoice($serviceBookingId: String!) {\n    serviceBookingInvoice(serviceBookingId: $serviceBookingId) {\n      ...InvoiceFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription BookingUpdated {\n    bookingUpdated {\n      ...BookingRow_booking\n    }\n  }\n"): (typeof documents)["\n  subscription BookingUpdated {\n    bookingUpdated {\n      ...BookingRow_booking\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription ResourceReviewed {\n    resourceReviewed {\n      ...ResourceCard_resource\n      ...ResourceChanges_resource\n    }\n  }\n"): (typeof documents)["\n  subscription ResourceReviewed {\n    resourceReviewed {\n      ...ResourceCard_resource\n      ...ResourceChanges_resource\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription ResourceSubmitted {\n    resourceSubmitted {\n      ...ResourceCard_resource\n      ...ResourceChanges_resource\n    }\n  }\n"): (typeof documents)["\n  subscription ResourceSubmitted {\n    resourceSubmitted {\n      ...ResourceCard_resource\n      ...ResourceChanges_resource\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription InquiryCreated {\n    inquiryCreated {\n      ...InquiryFields\n    }\n  }\n"): (typeof documents)["\n  subscription InquiryCreated {\n    inquiryCreated {\n      ...InquiryFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription InquiryUpdated {\n    inquiryUpdated {\n      ...InquiryFields\n    }\n  }\n"): (typeof documents)["\n  subscription InquiryUpdated {\n    inquiryUpdated {\n      ...InquiryFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription StatsUpdated {\n    statsUpdated {\n      totalUsers\n      activeResources\n      activeBookings\n      totalRevenue\n      utilizationRate\n      pendingResources\n      newInquiries\n      paymentsConfigured\n    }\n  }\n"): (typeof documents)["\n  subscription StatsUpdated {\n    statsUpdated {\n      totalUsers\n      activeResources\n      activeBookings\n      totalRevenue\n      utilizationRate\n      pendingResources\n      newInquiries\n      paymentsConfigured\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminBadgeCounts {\n    resourceStatusCounts {\n      total\n      pending\n      active\n      rejected\n      withdrawn\n      changesPending\n    }\n    inquiryStats {\n      total\n      new\n      inProgress\n      resolved\n      closed\n    }\n  }\n"): (typeof documents)["\n  query AdminBadgeCounts {\n    resourceStatusCounts {\n      total\n      pending\n      active\n      rejected\n      withdrawn\n      changesPending\n    }\n    inquiryStats {\n      total\n      new\n      inProgress\n      resolved\n      closed\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ResourceCard_resource on Resource {\n    id\n    title\n    description\n    category\n    resourceType\n    fileFormat\n    price\n    currency\n    period\n    location\n    availability\n    images\n    rating\n    reviewsCount\n    viewsCount\n    ownerId\n    ownerName\n    tags\n    status\n    rejectionReason\n    createdAt\n  }\n"): (typeof documents)["\n  fragment ResourceCard_resource on Resource {\n    id\n    title\n    description\n    category\n    resourceType\n    fileFormat\n    price\n    currency\n    period\n    location\n    availability\n    images\n    rating\n    reviewsCount\n    viewsCount\n    ownerId\n    ownerName\n    tags\n    status\n    rejectionReason\n    createdAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ResourceChanges_resource on Resource {\n    id\n    pendingChanges {\n      title\n      description\n      category\n      price\n      period\n      location\n      tags\n      images\n      submittedAt\n    }\n    changesRejectionReason\n  }\n"): (typeof documents)["\n  fragment ResourceChanges_resource on Resource {\n    id\n    pendingChanges {\n      title\n      description\n      category\n      price\n      period\n      location\n      tags\n      images\n      submittedAt\n    }\n    changesRejectionReason\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Resources($filter: ResourceFilterInput) {\n    resources(filter: $filter) {\n      total\n      totalCapped\n      page\n      pageSize\n      items {\n        ...ResourceCard_resource\n      }\n    }\n  }\n"): (typeof documents)["\n  query Resources($filter: ResourceFilterInput) {\n    resources(filter: $filter) {\n      total\n      totalCapped\n      page\n      pageSize\n      items {\n        ...ResourceCard_resource\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Resource($id: ID!) {\n    resource(id: $id) {\n      ...ResourceCard_resource\n      ...ResourceChanges_resource\n    }\n    resourceBusyRanges(resourceId: $id) {\n      startDate\n      endDate\n    }\n  }\n"): (typeof documents)["\n  query Resource($id: ID!) {\n    resource(id: $id) {\n      ...ResourceCard_resource\n      ...ResourceChanges_resource\n    }\n    resourceBusyRanges(resourceId: $id) {\n      startDate\n      endDate\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyResources {\n    myResources {\n      ...ResourceCard_resource\n      ...ResourceChanges_resource\n    }\n  }\n"): (typeof documents)["\n  query MyResources {\n    myResources {\n      ...ResourceCard_resource\n      ...ResourceChanges_resource\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminResources($filter: ResourceFilterInput) {\n    adminResources(filter: $filter) {\n      total\n      page\n      pageSize\n      items {\n        ...ResourceCard_resource\n      }\n    }\n    resourceStatusCounts {\n      total\n      pending\n      active\n      rejected\n      withdrawn\n    }\n  }\n"): (typeof documents)["\n  query AdminResources($filter: ResourceFilterInput) {\n    adminResources(filter: $filter) {\n      total\n      page\n      pageSize\n      items {\n        ...ResourceCard_resource\n      }\n    }\n    resourceStatusCounts {\n      total\n      pending\n      active\n      rejected\n      withdrawn\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminResourceChanges {\n    adminResourceChanges {\n      ...ResourceCard_resource\n      ...ResourceChanges_resource\n    }\n  }\n"): (typeof documents)["\n  query AdminResourceChanges {\n    adminResourceChanges {\n      ...ResourceCard_resource\n      ...ResourceChanges_resource\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ApproveResourceChanges($id: ID!) {\n    approveResourceChanges(id: $id) {\n      ...ResourceCard_resource\n      ...ResourceChanges_resource\n    }\n  }\n"): (typeof documents)["\n  mutation ApproveResourceChanges($id: ID!) {\n    approveResourceChanges(id: $id) {\n      ...ResourceCard_resource\n      ...ResourceChanges_resource\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RejectResourceChanges($id: ID!, $reason: String) {\n    rejectResourceChanges(id: $id, reason: $reason) {\n      ...ResourceCard_resource\n      ...ResourceChanges_resource\n    }\n  }\n"): (typeof documents)["\n  mutation RejectResourceChanges($id: ID!, $reason: String) {\n    rejectResourceChanges(id: $id, reason: $reason) {\n      ...ResourceCard_resource\n      ...ResourceChanges_resource\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteResource($id: ID!) {\n    deleteResource(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteResource($id: ID!) {\n    deleteResource(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ApproveResource($id: ID!) {\n    approveResource(id: $id) {\n      id\n      status\n      rejectionReason\n    }\n  }\n"): (typeof documents)["\n  mutation ApproveResource($id: ID!) {\n    approveResource(id: $id) {\n      id\n      status\n      rejectionReason\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RejectResource($id: ID!, $reason: String) {\n    rejectResource(id: $id, reason: $reason) {\n      id\n      status\n      rejectionReason\n    }\n  }\n"): (typeof documents)["\n  mutation RejectResource($id: ID!, $reason: String) {\n    rejectResource(id: $id, reason: $reason) {\n      id\n      status\n      rejectionReason\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResourceDownloadLink($id: ID!) {\n    resourceDownloadLink(id: $id) {\n      url\n      expiresAt\n    }\n  }\n"): (typeof documents)["\n  mutation ResourceDownloadLink($id: ID!) {\n    resourceDownloadLink(id: $id) {\n      url\n      expiresAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment BookingRow_booking on Booking {\n    id\n    resourceId\n    resourceTitle\n    resourceType\n    startDate\n    endDate\n    periods\n    totalAmount\n    vatAmount\n    totalWithVat\n    currency\n    status\n    paymentStatus\n    holdExpiresAt\n    createdAt\n  }\n"): (typeof documents)["\n  fragment BookingRow_booking on Booking {\n    id\n    resourceId\n    resourceTitle\n    resourceType\n    startDate\n    endDate\n    periods\n    totalAmount\n    vatAmount\n    totalWithVat\n    currency\n    status\n    paymentStatus\n    holdExpiresAt\n    createdAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyBookings {\n    myBookings {\n      ...BookingRow_booking\n    }\n  }\n"): (typeof documents)["\n  query MyBookings {\n    myBookings {\n      ...BookingRow_booking\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateBooking($input: CreateBookingInput!) {\n    createBooking(input: $input) {\n      ...BookingRow_booking\n    }\n  }\n"): (typeof documents)["\n  mutation CreateBooking($input: CreateBookingInput!) {\n    createBooking(input: $input) {\n      ...BookingRow_booking\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelBooking($id: ID!) {\n    cancelBooking(id: $id) {\n      id\n      status\n      paymentStatus\n    }\n  }\n"): (typeof documents)["\n  mutation CancelBooking($id: ID!) {\n    cancelBooking(id: $id) {\n      id\n      status\n      paymentStatus\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query HostBookings {\n    bookings {\n      ...BookingRow_booking\n      userName\n    }\n  }\n"): (typeof documents)["\n  query HostBookings {\n    bookings {\n      ...BookingRow_booking\n      userName\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SubscribeNewsletter($email: String!, $locale: String) {\n    subscribeNewsletter(email: $email, locale: $locale) {\n      message\n    }\n  }\n"): (typeof documents)["\n  mutation SubscribeNewsletter($email: String!, $locale: String) {\n    subscribeNewsletter(email: $email, locale: $locale) {\n      message\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query NewsletterSubscription($token: String!) {\n    newsletterSubscription(token: $token) {\n      email\n      subscribed\n    }\n  }\n"): (typeof documents)["\n  query NewsletterSubscription($token: String!) {\n    newsletterSubscription(token: $token) {\n      email\n      subscribed\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UnsubscribeNewsletter($token: String!) {\n    unsubscribeNewsletter(token: $token) {\n      email\n      subscribed\n    }\n  }\n"): (typeof documents)["\n  mutation UnsubscribeNewsletter($token: String!) {\n    unsubscribeNewsletter(token: $token) {\n      email\n      subscribed\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConfirmNewsletter($token: String!) {\n    confirmNewsletter(token: $token) {\n      email\n      subscribed\n    }\n  }\n"): (typeof documents)["\n  mutation ConfirmNewsletter($token: String!) {\n    confirmNewsletter(token: $token) {\n      email\n      subscribed\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PaymentBooking on Booking {\n    id\n    resourceTitle\n    startDate\n    endDate\n    totalAmount\n    totalWithVat\n    status\n    paymentStatus\n  }\n"): (typeof documents)["\n  fragment PaymentBooking on Booking {\n    id\n    resourceTitle\n    startDate\n    endDate\n    totalAmount\n    totalWithVat\n    status\n    paymentStatus\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PaymentEligibility($bookingId: String!, $id: ID!) {\n    paymentEligibility(bookingId: $bookingId) {\n      canPay\n      reason\n      message\n      bookingId\n      resourceTitle\n      subtotal\n      vat\n      amount\n      currency\n      paymentMethod\n      testMode\n      testCards\n    }\n    booking(id: $id) {\n      ...PaymentBooking\n    }\n  }\n"): (typeof documents)["\n  query PaymentEligibility($bookingId: String!, $id: ID!) {\n    paymentEligibility(bookingId: $bookingId) {\n      canPay\n      reason\n      message\n      bookingId\n      resourceTitle\n      subtotal\n      vat\n      amount\n      currency\n      paymentMethod\n      testMode\n      testCards\n    }\n    booking(id: $id) {\n      ...PaymentBooking\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ServicePaymentEligibility($serviceBookingId: String!, $id: ID!) {\n    paymentEligibility(serviceBookingId: $serviceBookingId) {\n      canPay\n      reason\n      message\n      serviceBookingId\n      subtotal\n      vat\n      amount\n      currency\n      paymentMethod\n      testMode\n      testCards\n    }\n    serviceBooking(id: $id) {\n      id\n      serviceName\n      serviceNameAr\n      scheduledAt\n      status\n      paymentStatus\n      totalWithVat\n    }\n  }\n"): (typeof documents)["\n  query ServicePaymentEligibility($serviceBookingId: String!, $id: ID!) {\n    paymentEligibility(serviceBookingId: $serviceBookingId) {\n      canPay\n      reason\n      message\n      serviceBookingId\n      subtotal\n      vat\n      amount\n      currency\n      paymentMethod\n      testMode\n      testCards\n    }\n    serviceBooking(id: $id) {\n      id\n      serviceName\n      serviceNameAr\n      scheduledAt\n      status\n      paymentStatus\n      totalWithVat\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ChargeCard($input: CardChargeInput!) {\n    chargeCard(input: $input) {\n      success\n      status\n      transactionId\n      bookingId\n      error\n    }\n  }\n"): (typeof documents)["\n  mutation ChargeCard($input: CardChargeInput!) {\n    chargeCard(input: $input) {\n      success\n      status\n      transactionId\n      bookingId\n      error\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation InitiatePayment($bookingId: String, $serviceBookingId: String, $method: String) {\n    initiatePayment(bookingId: $bookingId, serviceBookingId: $serviceBookingId, method: $method) {\n      success\n      paymentUrl\n      error\n    }\n  }\n"): (typeof documents)["\n  mutation InitiatePayment($bookingId: String, $serviceBookingId: String, $method: String) {\n    initiatePayment(bookingId: $bookingId, serviceBookingId: $serviceBookingId, method: $method) {\n      success\n      paymentUrl\n      error\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConfirmPayment($bookingId: String, $serviceBookingId: String, $paymentId: String!) {\n    confirmPayment(bookingId: $bookingId, serviceBookingId: $serviceBookingId, paymentId: $paymentId) {\n      success\n      status\n      transactionId\n      error\n      booking {\n        ...PaymentBooking\n      }\n      serviceBooking {\n        id\n        serviceName\n        serviceNameAr\n        scheduledAt\n        totalWithVat\n        paymentStatus\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ConfirmPayment($bookingId: String, $serviceBookingId: String, $paymentId: String!) {\n    confirmPayment(bookingId: $bookingId, serviceBookingId: $serviceBookingId, paymentId: $paymentId) {\n      success\n      status\n      transactionId\n      error\n      booking {\n        ...PaymentBooking\n      }\n      serviceBooking {\n        id\n        serviceName\n        serviceNameAr\n        scheduledAt\n        totalWithVat\n        paymentStatus\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BookingPayments($bookingId: String!, $id: ID!) {\n    bookingPayments(bookingId: $bookingId) {\n      id\n      status\n      amount\n      vat\n      subtotal\n      transactionId\n      cardBrand\n      cardLast4\n      invoiceNumber\n      paidAt\n      error\n    }\n    booking(id: $id) {\n      ...PaymentBooking\n    }\n  }\n"): (typeof documents)["\n  query BookingPayments($bookingId: String!, $id: ID!) {\n    bookingPayments(bookingId: $bookingId) {\n      id\n      status\n      amount\n      vat\n      subtotal\n      transactionId\n      cardBrand\n      cardLast4\n      invoiceNumber\n      paidAt\n      error\n    }\n    booking(id: $id) {\n      ...PaymentBooking\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription PaymentUpdated($bookingId: String, $serviceBookingId: String) {\n    paymentUpdated(bookingId: $bookingId, serviceBookingId: $serviceBookingId) {\n      id\n      status\n      amount\n      transactionId\n      error\n      paidAt\n    }\n  }\n"): (typeof documents)["\n  subscription PaymentUpdated($bookingId: String, $serviceBookingId: String) {\n    paymentUpdated(bookingId: $bookingId, serviceBookingId: $serviceBookingId) {\n      id\n      status\n      amount\n      transactionId\n      error\n      paidAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PlatformInfo {\n    platformInfo {\n      platformName\n      contactEmail\n      contactPhone\n      address\n      vatNumber\n      businessHours\n    }\n  }\n"): (typeof documents)["\n  query PlatformInfo {\n    platformInfo {\n      platformName\n      contactEmail\n      contactPhone\n      address\n      vatNumber\n      businessHours\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ServiceBookingFields on ServiceBooking {\n    id\n    serviceId\n    serviceName\n    serviceNameAr\n    status\n    paymentStatus\n    preferredDate\n    preferredTime\n    contactNumber\n    requirements\n    price\n    vatAmount\n    totalWithVat\n    scheduledAt\n    cancelReason\n    paymentMethod\n    userName\n    userEmail\n    createdAt\n    changeableUntil\n  }\n"): (typeof documents)["\n  fragment ServiceBookingFields on ServiceBooking {\n    id\n    serviceId\n    serviceName\n    serviceNameAr\n    status\n    paymentStatus\n    preferredDate\n    preferredTime\n    contactNumber\n    requirements\n    price\n    vatAmount\n    totalWithVat\n    scheduledAt\n    cancelReason\n    paymentMethod\n    userName\n    userEmail\n    createdAt\n    changeableUntil\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateServiceBooking($input: ServiceBookingInput!) {\n    createServiceBooking(input: $input) {\n      ...ServiceBookingFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateServiceBooking($input: ServiceBookingInput!) {\n    createServiceBooking(input: $input) {\n      ...ServiceBookingFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyServiceBookings {\n    myServiceBookings {\n      ...ServiceBookingFields\n    }\n  }\n"): (typeof documents)["\n  query MyServiceBookings {\n    myServiceBookings {\n      ...ServiceBookingFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminServiceBookings($status: ServiceBookingStatus, $search: String) {\n    serviceBookings(status: $status, search: $search) {\n      ...ServiceBookingFields\n    }\n  }\n"): (typeof documents)["\n  query AdminServiceBookings($status: ServiceBookingStatus, $search: String) {\n    serviceBookings(status: $status, search: $search) {\n      ...ServiceBookingFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateServiceBooking($id: ID!, $input: UpdateServiceBookingInput!) {\n    updateServiceBooking(id: $id, input: $input) {\n      ...ServiceBookingFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateServiceBooking($id: ID!, $input: UpdateServiceBookingInput!) {\n    updateServiceBooking(id: $id, input: $input) {\n      ...ServiceBookingFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription ServiceBookingCreated {\n    serviceBookingCreated {\n      ...ServiceBookingFields\n    }\n  }\n"): (typeof documents)["\n  subscription ServiceBookingCreated {\n    serviceBookingCreated {\n      ...ServiceBookingFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription ServiceBookingUpdated {\n    serviceBookingUpdated {\n      ...ServiceBookingFields\n    }\n  }\n"): (typeof documents)["\n  subscription ServiceBookingUpdated {\n    serviceBookingUpdated {\n      ...ServiceBookingFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelMyServiceBooking($id: ID!, $reason: String) {\n    cancelMyServiceBooking(id: $id, reason: $reason) {\n      ...ServiceBookingFields\n    }\n  }\n"): (typeof documents)["\n  mutation CancelMyServiceBooking($id: ID!, $reason: String) {\n    cancelMyServiceBooking(id: $id, reason: $reason) {\n      ...ServiceBookingFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RescheduleServiceBooking($id: ID!, $input: RescheduleServiceBookingInput!) {\n    rescheduleServiceBooking(id: $id, input: $input) {\n      ...ServiceBookingFields\n    }\n  }\n"): (typeof documents)["\n  mutation RescheduleServiceBooking($id: ID!, $input: RescheduleServiceBookingInput!) {\n    rescheduleServiceBooking(id: $id, input: $input) {\n      ...ServiceBookingFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateServiceBookingFromInquiry($inquiryId: ID!, $input: ServiceBookingFromInquiryInput) {\n    createServiceBookingFromInquiry(inquiryId: $inquiryId, input: $input) {\n      ...ServiceBookingFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateServiceBookingFromInquiry($inquiryId: ID!, $input: ServiceBookingFromInquiryInput) {\n    createServiceBookingFromInquiry(inquiryId: $inquiryId, input: $input) {\n      ...ServiceBookingFields\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;