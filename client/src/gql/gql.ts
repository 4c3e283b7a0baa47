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
    "\n  fragment MyFatoorahSettingsFields on MyFatoorahSettings {\n    apiKeySet\n    apiKeyLast4\n    testMode\n    pciCertified\n    webhookUrl\n    webhookEndpoint\n    successUrl\n    errorUrl\n  }\n": typeof types.MyFatoorahSettingsFieldsFragmentDoc,
    "\n  fragment AiChatSettingsFields on AiChatSettings {\n    apiKeySet\n    apiKeyLast4\n    enabled\n    provider\n    model\n    systemPrompt\n    temperature\n    maxTokens\n  }\n": typeof types.AiChatSettingsFieldsFragmentDoc,
    "\n  fragment GeneralSettingsFields on GeneralSettings {\n    platformName\n    contactEmail\n    contactPhone\n    address\n    addressAr\n    vatNumber\n    businessHours\n    businessHoursAr\n  }\n": typeof types.GeneralSettingsFieldsFragmentDoc,
    "\n  query AdminSettings {\n    adminSettings {\n      myfatoorah {\n        ...MyFatoorahSettingsFields\n      }\n      aiChat {\n        ...AiChatSettingsFields\n      }\n      general {\n        ...GeneralSettingsFields\n      }\n    }\n  }\n": typeof types.AdminSettingsDocument,
    "\n  mutation UpdateMyFatoorahSettings($input: MyFatoorahSettingsInput!) {\n    updateMyFatoorahSettings(input: $input) {\n      ...MyFatoorahSettingsFields\n    }\n  }\n": typeof types.UpdateMyFatoorahSettingsDocument,
    "\n  mutation UpdateAiChatSettings($input: AiChatSettingsInput!) {\n    updateAiChatSettings(input: $input) {\n      ...AiChatSettingsFields\n    }\n  }\n": typeof types.UpdateAiChatSettingsDocument,
    "\n  mutation UpdateGeneralSettings($input: GeneralSettingsInput!) {\n    updateGeneralSettings(input: $input) {\n      ...GeneralSettingsFields\n    }\n  }\n": typeof types.UpdateGeneralSettingsDocument,
    "\n  mutation TestAiChat($message: String!) {\n    testAiChat(message: $message) {\n      success\n      model\n      response\n      error\n    }\n  }\n": typeof types.TestAiChatDocument,
    "\n  fragment ZatcaStatusFields on ZatcaStatusGql {\n    environment\n    status\n    error\n    activatedAt\n    certificateExpiresAt\n    renewalDue\n    documents {\n      status\n      count\n    }\n    rejected {\n      id\n      number\n      type\n      kind\n      submittedAt\n      messages\n    }\n  }\n": typeof types.ZatcaStatusFieldsFragmentDoc,
    "\n  query ZatcaStatus {\n    zatcaStatus {\n      ...ZatcaStatusFields\n    }\n  }\n": typeof types.ZatcaStatusDocument,
    "\n  mutation OnboardZatca($input: ZatcaOnboardingInput!) {\n    onboardZatca(input: $input) {\n      ...ZatcaStatusFields\n    }\n  }\n": typeof types.OnboardZatcaDocument,
    "\n  mutation ResubmitZatcaDocument($id: String!) {\n    resubmitZatcaDocument(id: $id) {\n      id\n      icv\n      number\n      status\n      replaces\n    }\n  }\n": typeof types.ResubmitZatcaDocumentDocument,
    "\n  mutation RenewZatcaCsid($otp: String!) {\n    renewZatcaCsid(otp: $otp) {\n      ...ZatcaStatusFields\n    }\n  }\n": typeof types.RenewZatcaCsidDocument,
    "\n  query AdminAnalytics($period: AnalyticsPeriod) {\n    adminAnalytics(period: $period) {\n      period\n      start\n      end\n      bucket\n      revenueTrend {\n        bucketStart\n        revenue\n        paidBookings\n      }\n      bookingsByCategory {\n        category\n        bookings\n        percent\n      }\n      revenue {\n        value\n        previous\n        change\n      }\n      paidBookings {\n        value\n        previous\n        change\n      }\n      bookingsCreated {\n        value\n        previous\n        change\n      }\n      averageBookingValue {\n        value\n        previous\n        change\n      }\n      conversionRate {\n        value\n        previous\n        change\n      }\n      retentionRate {\n        value\n        previous\n        change\n      }\n      medianFirstResponseHours {\n        value\n        previous\n        change\n      }\n      utilizationRate {\n        value\n        previous\n        change\n      }\n    }\n  }\n": typeof types.AdminAnalyticsDocument,
    "\n  query PublicStats {\n    publicStats {\n      activeResources\n      completedBookings\n      businesses\n    }\n  }\n": typeof types.PublicStatsDocument,
    "\n  query HostAnalytics($period: AnalyticsPeriod) {\n    hostAnalytics(period: $period) {\n      period\n      start\n      end\n      bucket\n      trend {\n        bucketStart\n        views\n        bookings\n        revenue\n      }\n      totals {\n        ...HostFigures_figures\n      }\n      listings {\n        id\n        title\n        category\n        status\n        figures {\n          ...HostFigures_figures\n        }\n      }\n    }\n  }\n\n  fragment HostFigures_figures on HostFigures {\n    views\n    bookings\n    paidBookings\n    conversionRate\n    revenue\n    occupancyRate\n    averageRating\n    reviewsCount\n  }\n": typeof types.HostAnalyticsDocument,
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
    "\n  fragment AvailabilityFields on ResourceAvailability {\n    resourceId\n    hourly\n    icsUrl\n    blocked {\n      id\n      startDate\n      endDate\n      note\n    }\n    openingHours {\n      weekday\n      opens\n      closes\n    }\n  }\n": typeof types.AvailabilityFieldsFragmentDoc,
    "\n  query ResourceAvailability($id: ID!) {\n    resource(id: $id) {\n      id\n      title\n      resourceType\n    }\n    resourceAvailability(resourceId: $id) {\n      ...AvailabilityFields\n    }\n  }\n": typeof types.ResourceAvailabilityDocument,
    "\n  mutation SetResourceAvailability($id: ID!, $input: AvailabilityInput!) {\n    setResourceAvailability(resourceId: $id, input: $input) {\n      ...AvailabilityFields\n    }\n  }\n": typeof types.SetResourceAvailabilityDocument,
    "\n  mutation RotateCalendarFeed($id: ID!) {\n    rotateResourceCalendarFeed(resourceId: $id) {\n      ...AvailabilityFields\n    }\n  }\n": typeof types.RotateCalendarFeedDocument,
    "\n  query BusinessServices($locale: String) {\n    businessServices(locale: $locale) {\n      id\n      title\n      description\n      icon\n      image\n    }\n  }\n": typeof types.BusinessServicesDocument,
    "\n  query BusinessService($id: ID!, $locale: String) {\n    businessService(id: $id, locale: $locale) {\n      id\n      title\n      description\n      icon\n      image\n      details\n      benefits\n      processSteps {\n        step\n        title\n        description\n      }\n    }\n  }\n": typeof types.BusinessServiceDocument,
    "\n  query MyFavoriteIds {\n    myFavoriteIds\n  }\n": typeof types.MyFavoriteIdsDocument,
    "\n  query MyFavorites($page: Int, $pageSize: Int) {\n    myFavorites(page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        id\n        ...ResourceCard_resource\n      }\n    }\n  }\n": typeof types.MyFavoritesDocument,
    "\n  mutation AddFavorite($resourceId: ID!) {\n    addFavorite(resourceId: $resourceId)\n  }\n": typeof types.AddFavoriteDocument,
    "\n  mutation RemoveFavorite($resourceId: ID!) {\n    removeFavorite(resourceId: $resourceId)\n  }\n": typeof types.RemoveFavoriteDocument,
    "\n  query AdminPayments(\n    $status: PaymentStatus\n    $method: PaymentMethod\n    $refundStatus: RefundStatus\n    $from: String\n    $to: String\n    $hostId: String\n    $q: String\n    $page: Int\n  ) {\n    adminPayments(\n      status: $status\n      method: $method\n      refundStatus: $refundStatus\n      from: $from\n      to: $to\n      hostId: $hostId\n      q: $q\n      page: $page\n    ) {\n      total\n      page\n      pageSize\n      hosts {\n        id\n        name\n      }\n      items {\n        ...AdminPaymentFields\n      }\n    }\n  }\n": typeof types.AdminPaymentsDocument,
    "\n  fragment AdminPaymentFields on AdminPayment {\n    id\n    kind\n    bookingId\n    serviceBookingId\n    title\n    method\n    gateway\n    status\n    amount\n    amountHalalas\n    cardBrand\n    cardLast4\n    invoiceNumber\n    error\n    createdAt\n    paidAt\n    customerName\n    customerEmail\n    hostName\n    hostEmail\n    refundId\n    refundStatus\n    refundAmountHalalas\n    refundError\n    creditNoteNumber\n    commissionHalalas\n    vatOnCommissionHalalas\n    hostShareHalalas\n    supplierCode\n  }\n": typeof types.AdminPaymentFieldsFragmentDoc,
    "\n  fragment AdminPaymentDetailFields on AdminPaymentDetail {\n    payment {\n      ...AdminPaymentFields\n    }\n    timeline {\n      at\n      kind\n      amountHalalas\n      detail\n      actorEmail\n    }\n  }\n": typeof types.AdminPaymentDetailFieldsFragmentDoc,
    "\n  query AdminPayment($id: ID!) {\n    adminPayment(id: $id) {\n      ...AdminPaymentDetailFields\n    }\n  }\n": typeof types.AdminPaymentDocument,
    "\n  mutation RetryRefund($refundId: ID!) {\n    retryRefund(refundId: $refundId) {\n      ...AdminPaymentDetailFields\n    }\n  }\n": typeof types.RetryRefundDocument,
    "\n  query AdminHeldBalances {\n    adminHeldBalances {\n      hostId\n      hostName\n      hostEmail\n      supplierStatus\n      heldHalalas\n      held\n      owed\n      owedHalalas\n      payable\n      inFlight\n      resolvable\n      inFlightPayout {\n        id\n        amount\n        createdAt\n      }\n    }\n  }\n": typeof types.AdminHeldBalancesDocument,
    "\n  mutation ResolveHeldPayout($id: ID!, $outcome: String!, $reason: String!, $gatewayReference: String) {\n    resolveHeldPayout(id: $id, outcome: $outcome, reason: $reason, gatewayReference: $gatewayReference) {\n      id\n      status\n      gatewayReference\n    }\n  }\n": typeof types.ResolveHeldPayoutDocument,
    "\n  mutation PayHeldBalance($hostId: ID!, $amountHalalas: Int!) {\n    payHeldBalance(hostId: $hostId, amountHalalas: $amountHalalas) {\n      id\n      amount\n      status\n      gatewayReference\n    }\n  }\n": typeof types.PayHeldBalanceDocument,
    "\n  fragment InquiryFields on Inquiry {\n    id\n    serviceType\n    fullName\n    email\n    companyName\n    message\n    status\n    preferredDate\n    preferredTime\n    createdAt\n  }\n": typeof types.InquiryFieldsFragmentDoc,
    "\n  mutation SubmitInquiry($input: InquiryInput!) {\n    submitInquiry(input: $input) {\n      ...InquiryFields\n    }\n  }\n": typeof types.SubmitInquiryDocument,
    "\n  query MyInquiries {\n    myInquiries {\n      ...InquiryFields\n    }\n  }\n": typeof types.MyInquiriesDocument,
    "\n  query AdminInquiries($status: InquiryStatus, $search: String) {\n    inquiries(status: $status, search: $search) {\n      ...InquiryFields\n    }\n    inquiryStats {\n      total\n      new\n      inProgress\n      resolved\n      closed\n    }\n  }\n": typeof types.AdminInquiriesDocument,
    "\n  mutation UpdateInquiryStatus($id: ID!, $status: InquiryStatus!) {\n    updateInquiryStatus(id: $id, status: $status) {\n      ...InquiryFields\n    }\n  }\n": typeof types.UpdateInquiryStatusDocument,
    "\n  fragment InvoiceFields on BookingInvoice {\n    bookingId\n    serviceBookingId\n    invoiceNumber\n    issuedAt\n    currency\n    seller {\n      name\n      vatNumber\n      address\n      addressAr\n      contactEmail\n      contactPhone\n    }\n    kind\n    buyer {\n      name\n      email\n      companyName\n      vatNumber\n      crNumber\n      nationalAddress {\n        buildingNumber\n        street\n        district\n        city\n        postalCode\n        additionalNumber\n      }\n    }\n    lines {\n      description\n      period\n      quantity\n      unitPrice\n      amount\n    }\n    subtotal\n    vatRate\n    vat\n    total\n    cardBrand\n    cardLast4\n    startDate\n    endDate\n    qrPayload\n  }\n": typeof types.InvoiceFieldsFragmentDoc,
    "\n  query BookingInvoice($bookingId: String!) {\n    bookingInvoice(bookingId: $bookingId) {\n      ...InvoiceFields\n    }\n  }\n": typeof types.BookingInvoiceDocument,
    "\n  query ServiceBookingInvoice($serviceBookingId: String!) {\n    serviceBookingInvoice(serviceBookingId: $serviceBookingId) {\n      ...InvoiceFields\n    }\n  }\n": typeof types.ServiceBookingInvoiceDocument,
    "\n  mutation SaveInvoiceCompany($input: ProfileInput!) {\n    updateProfile(input: $input) {\n      ...UserFields\n    }\n  }\n": typeof types.SaveInvoiceCompanyDocument,
    "\n  subscription BookingUpdated {\n    bookingUpdated {\n      ...BookingRow_booking\n    }\n  }\n": typeof types.BookingUpdatedDocument,
    "\n  subscription ResourceReviewed {\n    resourceReviewed {\n      ...ResourceCard_resource\n      ...ResourceChanges_resource\n    }\n  }\n": typeof types.ResourceReviewedDocument,
    "\n  subscription ResourceSubmitted {\n    resourceSubmitted {\n      ...ResourceCard_resource\n      ...ResourceChanges_resource\n    }\n  }\n": typeof types.ResourceSubmittedDocument,
    "\n  subscription InquiryCreated {\n    inquiryCreated {\n      ...InquiryFields\n    }\n  }\n": typeof types.InquiryCreatedDocument,
    "\n  subscription InquiryUpdated {\n    inquiryUpdated {\n      ...InquiryFields\n    }\n  }\n": typeof types.InquiryUpdatedDocument,
    "\n  subscription StatsUpdated {\n    statsUpdated {\n      totalUsers\n      activeResources\n      activeBookings\n      totalRevenue\n      utilizationRate\n      pendingResources\n      newInquiries\n      paymentsConfigured\n    }\n  }\n": typeof types.StatsUpdatedDocument,
    "\n  query AdminBadgeCounts {\n    resourceStatusCounts {\n      total\n      pending\n      active\n      rejected\n      withdrawn\n      changesPending\n    }\n    inquiryStats {\n      total\n      new\n      inProgress\n      resolved\n      closed\n    }\n  }\n": typeof types.AdminBadgeCountsDocument,
    "\n  subscription ZatcaStatusUpdated {\n    zatcaStatusUpdated {\n      ...ZatcaStatusFields\n    }\n  }\n": typeof types.ZatcaStatusUpdatedDocument,
    "\n  fragment ResourceCard_resource on Resource {\n    id\n    title\n    description\n    category\n    resourceType\n    fileFormat\n    price\n    currency\n    period\n    location\n    availability\n    images\n    rating\n    reviewsCount\n    viewsCount\n    ownerId\n    ownerName\n    tags\n    status\n    rejectionReason\n    createdAt\n  }\n": typeof types.ResourceCard_ResourceFragmentDoc,
    "\n  fragment ResourceChanges_resource on Resource {\n    id\n    pendingChanges {\n      title\n      description\n      category\n      price\n      period\n      location\n      tags\n      images\n      submittedAt\n    }\n    changesRejectionReason\n  }\n": typeof types.ResourceChanges_ResourceFragmentDoc,
    "\n  query Resources($filter: ResourceFilterInput) {\n    resources(filter: $filter) {\n      total\n      totalCapped\n      page\n      pageSize\n      items {\n        ...ResourceCard_resource\n      }\n    }\n  }\n": typeof types.ResourcesDocument,
    "\n  query Resource($id: ID!) {\n    resource(id: $id) {\n      ...ResourceCard_resource\n      ...ResourceChanges_resource\n      cancellationPolicy\n      openingHours {\n        weekday\n        opens\n        closes\n      }\n    }\n    resourceBusyRanges(resourceId: $id) {\n      startDate\n      endDate\n    }\n  }\n": typeof types.ResourceDocument,
    "\n  query MyResources {\n    myResources {\n      ...ResourceCard_resource\n      ...ResourceChanges_resource\n    }\n  }\n": typeof types.MyResourcesDocument,
    "\n  query AdminResources($filter: ResourceFilterInput) {\n    adminResources(filter: $filter) {\n      total\n      page\n      pageSize\n      items {\n        ...ResourceCard_resource\n      }\n    }\n    resourceStatusCounts {\n      total\n      pending\n      active\n      rejected\n      withdrawn\n    }\n  }\n": typeof types.AdminResourcesDocument,
    "\n  query AdminResourceChanges {\n    adminResourceChanges {\n      ...ResourceCard_resource\n      ...ResourceChanges_resource\n    }\n  }\n": typeof types.AdminResourceChangesDocument,
    "\n  mutation ApproveResourceChanges($id: ID!) {\n    approveResourceChanges(id: $id) {\n      ...ResourceCard_resource\n      ...ResourceChanges_resource\n    }\n  }\n": typeof types.ApproveResourceChangesDocument,
    "\n  mutation RejectResourceChanges($id: ID!, $reason: String) {\n    rejectResourceChanges(id: $id, reason: $reason) {\n      ...ResourceCard_resource\n      ...ResourceChanges_resource\n    }\n  }\n": typeof types.RejectResourceChangesDocument,
    "\n  mutation DeleteResource($id: ID!) {\n    deleteResource(id: $id)\n  }\n": typeof types.DeleteResourceDocument,
    "\n  mutation ApproveResource($id: ID!) {\n    approveResource(id: $id) {\n      id\n      status\n      rejectionReason\n    }\n  }\n": typeof types.ApproveResourceDocument,
    "\n  mutation RejectResource($id: ID!, $reason: String) {\n    rejectResource(id: $id, reason: $reason) {\n      id\n      status\n      rejectionReason\n    }\n  }\n": typeof types.RejectResourceDocument,
    "\n  mutation ResourceDownloadLink($id: ID!) {\n    resourceDownloadLink(id: $id) {\n      url\n      expiresAt\n    }\n  }\n": typeof types.ResourceDownloadLinkDocument,
    "\n  fragment BookingRow_booking on Booking {\n    id\n    resourceId\n    resourceTitle\n    resourceType\n    startDate\n    endDate\n    periods\n    totalAmount\n    vatAmount\n    totalWithVat\n    currency\n    status\n    paymentStatus\n    holdExpiresAt\n    createdAt\n    reviewed\n    cancellationPolicy\n    refundStatus\n    refundAmount\n  }\n": typeof types.BookingRow_BookingFragmentDoc,
    "\n  query MyBookings {\n    myBookings {\n      ...BookingRow_booking\n    }\n  }\n": typeof types.MyBookingsDocument,
    "\n  mutation CreateBooking($input: CreateBookingInput!) {\n    createBooking(input: $input) {\n      ...BookingRow_booking\n    }\n  }\n": typeof types.CreateBookingDocument,
    "\n  mutation CancelBooking($id: ID!) {\n    cancelBooking(id: $id) {\n      id\n      status\n      paymentStatus\n      refundStatus\n      refundAmount\n    }\n  }\n": typeof types.CancelBookingDocument,
    "\n  query HostBookings {\n    bookings {\n      ...BookingRow_booking\n      userName\n    }\n  }\n": typeof types.HostBookingsDocument,
    "\n  query CancellationQuote($bookingId: String!) {\n    cancellationQuote(bookingId: $bookingId) {\n      bookingId\n      policy\n      cancelledBy\n      canCancel\n      paidAmount\n      refundAmount\n      keptAmount\n      currency\n    }\n  }\n": typeof types.CancellationQuoteDocument,
    "\n  fragment MessageFields on Message {\n    id\n    conversationId\n    senderId\n    body\n    bookingId\n    createdAt\n  }\n": typeof types.MessageFieldsFragmentDoc,
    "\n  fragment ConversationFields on Conversation {\n    id\n    resourceId\n    resourceTitle\n    myRole\n    otherUserId\n    otherUserName\n    otherUserDeleted\n    bookingId\n    unreadCount\n    lastMessageAt\n    lastMessage {\n      ...MessageFields\n    }\n  }\n": typeof types.ConversationFieldsFragmentDoc,
    "\n  query MyConversations {\n    myConversations(limit: 100) {\n      total\n      items {\n        ...ConversationFields\n      }\n    }\n  }\n": typeof types.MyConversationsDocument,
    "\n  query Conversation($id: ID!) {\n    conversation(id: $id) {\n      ...ConversationFields\n    }\n  }\n": typeof types.ConversationDocument,
    "\n  query ConversationForResource($resourceId: ID!) {\n    conversationForResource(resourceId: $resourceId) {\n      id\n    }\n    resource(id: $resourceId) {\n      id\n      title\n      ownerId\n    }\n  }\n": typeof types.ConversationForResourceDocument,
    "\n  query ConversationMessages($id: ID!, $limit: Int) {\n    conversationMessages(id: $id, limit: $limit) {\n      total\n      items {\n        ...MessageFields\n      }\n    }\n  }\n": typeof types.ConversationMessagesDocument,
    "\n  query UnreadMessagesCount {\n    unreadMessagesCount\n  }\n": typeof types.UnreadMessagesCountDocument,
    "\n  mutation StartConversation($input: StartConversationInput!) {\n    startConversation(input: $input) {\n      created\n      conversation {\n        ...ConversationFields\n      }\n      message {\n        ...MessageFields\n      }\n    }\n  }\n": typeof types.StartConversationDocument,
    "\n  mutation SendMessage($conversationId: ID!, $body: String!) {\n    sendMessage(conversationId: $conversationId, body: $body) {\n      ...MessageFields\n    }\n  }\n": typeof types.SendMessageDocument,
    "\n  mutation MarkConversationRead($id: ID!) {\n    markConversationRead(id: $id) {\n      id\n      unreadCount\n    }\n  }\n": typeof types.MarkConversationReadDocument,
    "\n  subscription MessageAdded {\n    messageAdded {\n      ...MessageFields\n    }\n  }\n": typeof types.MessageAddedDocument,
    "\n  mutation SubscribeNewsletter($email: String!, $locale: String) {\n    subscribeNewsletter(email: $email, locale: $locale) {\n      message\n    }\n  }\n": typeof types.SubscribeNewsletterDocument,
    "\n  query NewsletterSubscription($token: String!) {\n    newsletterSubscription(token: $token) {\n      email\n      subscribed\n    }\n  }\n": typeof types.NewsletterSubscriptionDocument,
    "\n  mutation UnsubscribeNewsletter($token: String!) {\n    unsubscribeNewsletter(token: $token) {\n      email\n      subscribed\n    }\n  }\n": typeof types.UnsubscribeNewsletterDocument,
    "\n  mutation ConfirmNewsletter($token: String!) {\n    confirmNewsletter(token: $token) {\n      email\n      subscribed\n    }\n  }\n": typeof types.ConfirmNewsletterDocument,
    "\n  fragment NotificationFields on NotificationItem {\n    id\n    kind\n    link\n    readAt\n    createdAt\n    params {\n      resourceTitle\n      otherName\n      reason\n      rating\n      status\n      service\n      serviceAr\n      expiresAt\n    }\n  }\n": typeof types.NotificationFieldsFragmentDoc,
    "\n  query MyNotifications($page: Int, $pageSize: Int) {\n    myNotifications(page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      unreadCount\n      items {\n        ...NotificationFields\n      }\n    }\n  }\n": typeof types.MyNotificationsDocument,
    "\n  mutation MarkNotificationsRead($ids: [ID!], $all: Boolean) {\n    markNotificationsRead(ids: $ids, all: $all)\n  }\n": typeof types.MarkNotificationsReadDocument,
    "\n  query NotificationPreferences {\n    notificationPreferences {\n      kind\n      email\n    }\n  }\n": typeof types.NotificationPreferencesDocument,
    "\n  mutation SetNotificationPreferences($email: [NotificationPreferenceInput!]!) {\n    setNotificationPreferences(email: $email) {\n      kind\n      email\n    }\n  }\n": typeof types.SetNotificationPreferencesDocument,
    "\n  subscription NotificationAdded {\n    notificationAdded {\n      ...NotificationFields\n    }\n  }\n": typeof types.NotificationAddedDocument,
    "\n  fragment PaymentBooking on Booking {\n    id\n    resourceTitle\n    startDate\n    endDate\n    totalAmount\n    totalWithVat\n    status\n    paymentStatus\n    cancellationPolicy\n    resourceType\n  }\n": typeof types.PaymentBookingFragmentDoc,
    "\n  query PaymentEligibility($bookingId: String!, $id: ID!) {\n    paymentEligibility(bookingId: $bookingId) {\n      canPay\n      reason\n      message\n      bookingId\n      resourceTitle\n      subtotal\n      vat\n      amount\n      currency\n      paymentMethod\n      testMode\n      testCards\n      directCard\n    }\n    booking(id: $id) {\n      ...PaymentBooking\n    }\n  }\n": typeof types.PaymentEligibilityDocument,
    "\n  query ServicePaymentEligibility($serviceBookingId: String!, $id: ID!) {\n    paymentEligibility(serviceBookingId: $serviceBookingId) {\n      canPay\n      reason\n      message\n      serviceBookingId\n      subtotal\n      vat\n      amount\n      currency\n      paymentMethod\n      testMode\n      testCards\n      directCard\n    }\n    serviceBooking(id: $id) {\n      id\n      serviceName\n      serviceNameAr\n      scheduledAt\n      status\n      paymentStatus\n      totalWithVat\n    }\n  }\n": typeof types.ServicePaymentEligibilityDocument,
    "\n  mutation StartPaymentSession($bookingId: String, $serviceBookingId: String) {\n    startPaymentSession(bookingId: $bookingId, serviceBookingId: $serviceBookingId) {\n      sessionId\n      countryCode\n      scriptUrl\n    }\n  }\n": typeof types.StartPaymentSessionDocument,
    "\n  mutation ExecutePaymentSession($bookingId: String, $serviceBookingId: String, $sessionId: String!) {\n    executePaymentSession(bookingId: $bookingId, serviceBookingId: $serviceBookingId, sessionId: $sessionId) {\n      success\n      status\n      paymentUrl\n      paymentId\n      error\n    }\n  }\n": typeof types.ExecutePaymentSessionDocument,
    "\n  mutation ChargeCard($input: CardChargeInput!) {\n    chargeCard(input: $input) {\n      success\n      status\n      transactionId\n      bookingId\n      error\n    }\n  }\n": typeof types.ChargeCardDocument,
    "\n  mutation InitiatePayment($bookingId: String, $serviceBookingId: String, $method: String) {\n    initiatePayment(bookingId: $bookingId, serviceBookingId: $serviceBookingId, method: $method) {\n      success\n      paymentUrl\n      error\n    }\n  }\n": typeof types.InitiatePaymentDocument,
    "\n  mutation ConfirmPayment($bookingId: String, $serviceBookingId: String, $paymentId: String!) {\n    confirmPayment(bookingId: $bookingId, serviceBookingId: $serviceBookingId, paymentId: $paymentId) {\n      success\n      status\n      transactionId\n      error\n      booking {\n        ...PaymentBooking\n      }\n      serviceBooking {\n        id\n        serviceName\n        serviceNameAr\n        scheduledAt\n        totalWithVat\n        paymentStatus\n      }\n    }\n  }\n": typeof types.ConfirmPaymentDocument,
    "\n  query BookingPayments($bookingId: String!, $id: ID!) {\n    bookingPayments(bookingId: $bookingId) {\n      id\n      status\n      amount\n      vat\n      subtotal\n      transactionId\n      cardBrand\n      cardLast4\n      invoiceNumber\n      paidAt\n      error\n    }\n    booking(id: $id) {\n      ...PaymentBooking\n    }\n  }\n": typeof types.BookingPaymentsDocument,
    "\n  subscription PaymentUpdated($bookingId: String, $serviceBookingId: String) {\n    paymentUpdated(bookingId: $bookingId, serviceBookingId: $serviceBookingId) {\n      id\n      status\n      amount\n      transactionId\n      error\n      paidAt\n    }\n  }\n": typeof types.PaymentUpdatedDocument,
    "\n  query PayoutAccount {\n    payoutAccount {\n      legalName\n      commercialRegistration\n      vatNumber\n      mobile\n      bank\n      iban\n      supplierStatus\n      supplierComment\n      documents {\n        id\n        name\n        type\n      }\n    }\n  }\n": typeof types.PayoutAccountDocument,
    "\n  query HostEarnings($from: String, $to: String, $page: Int, $pageSize: Int) {\n    hostEarnings(from: $from, to: $to, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      gross\n      commission\n      vatOnCommission\n      platformVat\n      refunded\n      net\n      pending\n      owed\n      paidOut\n      transferred\n      payouts {\n        id\n        amount\n        status\n        gatewayReference\n        transferType\n        createdAt\n        transferredAt\n      }\n      items {\n        paymentId\n        resourceTitle\n        paidAt\n        gross\n        commission\n        vatOnCommission\n        platformVat\n        refunded\n        net\n        status\n      }\n    }\n  }\n": typeof types.HostEarningsDocument,
    "\n  query MarketplaceSettings {\n    marketplaceSettings {\n      commissionPercent\n      commissionFixed\n      byCategory {\n        category\n        commissionPercent\n        commissionFixed\n      }\n    }\n  }\n": typeof types.MarketplaceSettingsDocument,
    "\n  mutation UpdateMarketplaceSettings($input: MarketplaceSettingsInput!) {\n    updateMarketplaceSettings(input: $input) {\n      commissionPercent\n      commissionFixed\n      byCategory {\n        category\n        commissionPercent\n        commissionFixed\n      }\n    }\n  }\n": typeof types.UpdateMarketplaceSettingsDocument,
    "\n  query HostCommissionInvoices {\n    hostCommissionInvoices {\n      id\n      invoiceNumber\n      month\n      subtotal\n      vat\n      total\n      zatcaXml\n    }\n  }\n": typeof types.HostCommissionInvoicesDocument,
    "\n  query HostCommissionCreditNotes {\n    hostCommissionCreditNotes {\n      id\n      creditNoteNumber\n      originalInvoiceNumber\n      month\n      subtotal\n      vat\n      total\n      zatcaXml\n    }\n  }\n": typeof types.HostCommissionCreditNotesDocument,
    "\n  query PlatformInfo {\n    platformInfo {\n      platformName\n      contactEmail\n      contactPhone\n      address\n      addressAr\n      vatNumber\n      businessHours\n      businessHoursAr\n    }\n  }\n": typeof types.PlatformInfoDocument,
    "\n  fragment ReviewItem_review on Review {\n    id\n    rating\n    comment\n    authorName\n    reply\n    repliedAt\n    createdAt\n  }\n": typeof types.ReviewItem_ReviewFragmentDoc,
    "\n  query ResourceReviews($resourceId: ID!, $page: Int, $pageSize: Int) {\n    resourceReviews(resourceId: $resourceId, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...ReviewItem_review\n      }\n    }\n  }\n": typeof types.ResourceReviewsDocument,
    "\n  mutation CreateReview($bookingId: ID!, $input: ReviewInput!) {\n    createReview(bookingId: $bookingId, input: $input) {\n      ...ReviewItem_review\n    }\n  }\n": typeof types.CreateReviewDocument,
    "\n  mutation ReplyToReview($reviewId: ID!, $text: String!) {\n    replyToReview(reviewId: $reviewId, text: $text) {\n      ...ReviewItem_review\n    }\n  }\n": typeof types.ReplyToReviewDocument,
    "\n  query AdminReviews($page: Int, $pageSize: Int) {\n    adminReviews(page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...ReviewItem_review\n        resourceId\n        resourceTitle\n        hidden\n        hiddenReason\n      }\n    }\n  }\n": typeof types.AdminReviewsDocument,
    "\n  mutation HideReview($reviewId: ID!, $reason: String!) {\n    hideReview(reviewId: $reviewId, reason: $reason) {\n      id\n      hidden\n      hiddenReason\n    }\n  }\n": typeof types.HideReviewDocument,
    "\n  query CustomerRating($bookingId: ID!) {\n    customerRating(bookingId: $bookingId) {\n      average\n      count\n      myRating\n      myNote\n    }\n  }\n": typeof types.CustomerRatingDocument,
    "\n  mutation RateCustomer($bookingId: ID!, $input: CustomerRatingInput!) {\n    rateCustomer(bookingId: $bookingId, input: $input) {\n      average\n      count\n      myRating\n      myNote\n    }\n  }\n": typeof types.RateCustomerDocument,
    "\n  fragment ServiceBookingFields on ServiceBooking {\n    id\n    serviceId\n    serviceName\n    serviceNameAr\n    status\n    paymentStatus\n    preferredDate\n    preferredTime\n    contactNumber\n    requirements\n    price\n    vatAmount\n    totalWithVat\n    scheduledAt\n    cancelReason\n    paymentMethod\n    userName\n    userEmail\n    createdAt\n    changeableUntil\n    advisorId\n    advisorName\n  }\n": typeof types.ServiceBookingFieldsFragmentDoc,
    "\n  query ServiceSlots($serviceId: String!, $advisorId: ID) {\n    serviceSlots(serviceId: $serviceId, advisorId: $advisorId) {\n      hasAdvisors\n      slotMinutes\n      advisors {\n        id\n        displayName\n      }\n      slots {\n        date\n        time\n        advisorIds\n      }\n    }\n  }\n": typeof types.ServiceSlotsDocument,
    "\n  query AdminAdvisors($serviceId: String) {\n    advisors(serviceId: $serviceId) {\n      id\n      displayName\n      active\n      languages\n    }\n  }\n": typeof types.AdminAdvisorsDocument,
    "\n  mutation CreateServiceBooking($input: ServiceBookingInput!) {\n    createServiceBooking(input: $input) {\n      ...ServiceBookingFields\n    }\n  }\n": typeof types.CreateServiceBookingDocument,
    "\n  query MyServiceBookings {\n    myServiceBookings {\n      ...ServiceBookingFields\n    }\n  }\n": typeof types.MyServiceBookingsDocument,
    "\n  query AdminServiceBookings($status: ServiceBookingStatus, $search: String) {\n    serviceBookings(status: $status, search: $search) {\n      ...ServiceBookingFields\n    }\n  }\n": typeof types.AdminServiceBookingsDocument,
    "\n  mutation UpdateServiceBooking($id: ID!, $input: UpdateServiceBookingInput!) {\n    updateServiceBooking(id: $id, input: $input) {\n      ...ServiceBookingFields\n    }\n  }\n": typeof types.UpdateServiceBookingDocument,
    "\n  subscription ServiceBookingCreated {\n    serviceBookingCreated {\n      ...ServiceBookingFields\n    }\n  }\n": typeof types.ServiceBookingCreatedDocument,
    "\n  subscription ServiceBookingUpdated {\n    serviceBookingUpdated {\n      ...ServiceBookingFields\n    }\n  }\n": typeof types.ServiceBookingUpdatedDocument,
    "\n  mutation CancelMyServiceBooking($id: ID!, $reason: String) {\n    cancelMyServiceBooking(id: $id, reason: $reason) {\n      ...ServiceBookingFields\n    }\n  }\n": typeof types.CancelMyServiceBookingDocument,
    "\n  mutation RescheduleServiceBooking($id: ID!, $input: RescheduleServiceBookingInput!) {\n    rescheduleServiceBooking(id: $id, input: $input) {\n      ...ServiceBookingFields\n    }\n  }\n": typeof types.RescheduleServiceBookingDocument,
    "\n  mutation CreateServiceBookingFromInquiry($inquiryId: ID!, $input: ServiceBookingFromInquiryInput) {\n    createServiceBookingFromInquiry(inquiryId: $inquiryId, input: $input) {\n      ...ServiceBookingFields\n    }\n  }\n": typeof types.CreateServiceBookingFromInquiryDocument,
    "\n  query ServiceBookingSummary($id: ID!) {\n    serviceBooking(id: $id) {\n      id\n      serviceName\n      serviceNameAr\n      scheduledAt\n      totalWithVat\n      paymentStatus\n    }\n  }\n": typeof types.ServiceBookingSummaryDocument,
    "\n  fragment AdvisorFields on Advisor {\n    id\n    displayName\n    userEmail\n    serviceIds\n    languages\n    active\n    daysOff\n  }\n": typeof types.AdvisorFieldsFragmentDoc,
    "\n  query AdvisorsList {\n    advisors {\n      ...AdvisorFields\n    }\n  }\n": typeof types.AdvisorsListDocument,
    "\n  mutation CreateAdvisor($input: AdvisorInput!) {\n    createAdvisor(input: $input) {\n      ...AdvisorFields\n    }\n  }\n": typeof types.CreateAdvisorDocument,
    "\n  mutation UpdateAdvisor($id: ID!, $input: AdvisorInput!) {\n    updateAdvisor(id: $id, input: $input) {\n      ...AdvisorFields\n    }\n  }\n": typeof types.UpdateAdvisorDocument,
};
const documents: Documents = {
    "\n  fragment AdminUserFields on User {\n    id\n    email\n    fullName\n    companyName\n    phone\n    role\n    status\n    createdAt\n  }\n": types.AdminUserFieldsFragmentDoc,
    "\n  query AdminUsers($search: String, $limit: Int, $offset: Int) {\n    adminUsers(search: $search, limit: $limit, offset: $offset) {\n      total\n      items {\n        ...AdminUserFields\n      }\n      counts {\n        total\n        hostsSellers\n        active\n        suspended\n      }\n    }\n  }\n": types.AdminUsersDocument,
    "\n  mutation AdminUpdateUser($id: ID!, $input: AdminUserUpdateInput!) {\n    adminUpdateUser(id: $id, input: $input) {\n      ...AdminUserFields\n    }\n  }\n": types.AdminUpdateUserDocument,
    "\n  query AdminStats {\n    adminStats {\n      totalUsers\n      activeResources\n      activeBookings\n      totalRevenue\n      utilizationRate\n      pendingResources\n      newInquiries\n      paymentsConfigured\n    }\n  }\n": types.AdminStatsDocument,
    "\n  query AuditLog($limit: Int, $offset: Int, $entityType: String) {\n    auditLog(limit: $limit, offset: $offset, entityType: $entityType) {\n      total\n      limit\n      offset\n      items {\n        id\n        actorEmail\n        action\n        entityType\n        entityId\n        entityLabel\n        before\n        after\n        createdAt\n      }\n    }\n  }\n": types.AuditLogDocument,
    "\n  fragment MyFatoorahSettingsFields on MyFatoorahSettings {\n    apiKeySet\n    apiKeyLast4\n    testMode\n    pciCertified\n    webhookUrl\n    webhookEndpoint\n    successUrl\n    errorUrl\n  }\n": types.MyFatoorahSettingsFieldsFragmentDoc,
    "\n  fragment AiChatSettingsFields on AiChatSettings {\n    apiKeySet\n    apiKeyLast4\n    enabled\n    provider\n    model\n    systemPrompt\n    temperature\n    maxTokens\n  }\n": types.AiChatSettingsFieldsFragmentDoc,
    "\n  fragment GeneralSettingsFields on GeneralSettings {\n    platformName\n    contactEmail\n    contactPhone\n    address\n    addressAr\n    vatNumber\n    businessHours\n    businessHoursAr\n  }\n": types.GeneralSettingsFieldsFragmentDoc,
    "\n  query AdminSettings {\n    adminSettings {\n      myfatoorah {\n        ...MyFatoorahSettingsFields\n      }\n      aiChat {\n        ...AiChatSettingsFields\n      }\n      general {\n        ...GeneralSettingsFields\n      }\n    }\n  }\n": types.AdminSettingsDocument,
    "\n  mutation UpdateMyFatoorahSettings($input: MyFatoorahSettingsInput!) {\n    updateMyFatoorahSettings(input: $input) {\n      ...MyFatoorahSettingsFields\n    }\n  }\n": types.UpdateMyFatoorahSettingsDocument,
    "\n  mutation UpdateAiChatSettings($input: AiChatSettingsInput!) {\n    updateAiChatSettings(input: $input) {\n      ...AiChatSettingsFields\n    }\n  }\n": types.UpdateAiChatSettingsDocument,
    "\n  mutation UpdateGeneralSettings($input: GeneralSettingsInput!) {\n    updateGeneralSettings(input: $input) {\n      ...GeneralSettingsFields\n    }\n  }\n": types.UpdateGeneralSettingsDocument,
    "\n  mutation TestAiChat($message: String!) {\n    testAiChat(message: $message) {\n      success\n      model\n      response\n      error\n    }\n  }\n": types.TestAiChatDocument,
    "\n  fragment ZatcaStatusFields on ZatcaStatusGql {\n    environment\n    status\n    error\n    activatedAt\n    certificateExpiresAt\n    renewalDue\n    documents {\n      status\n      count\n    }\n    rejected {\n      id\n      number\n      type\n      kind\n      submittedAt\n      messages\n    }\n  }\n": types.ZatcaStatusFieldsFragmentDoc,
    "\n  query ZatcaStatus {\n    zatcaStatus {\n      ...ZatcaStatusFields\n    }\n  }\n": types.ZatcaStatusDocument,
    "\n  mutation OnboardZatca($input: ZatcaOnboardingInput!) {\n    onboardZatca(input: $input) {\n      ...ZatcaStatusFields\n    }\n  }\n": types.OnboardZatcaDocument,
    "\n  mutation ResubmitZatcaDocument($id: String!) {\n    resubmitZatcaDocument(id: $id) {\n      id\n      icv\n      number\n      status\n      replaces\n    }\n  }\n": types.ResubmitZatcaDocumentDocument,
    "\n  mutation RenewZatcaCsid($otp: String!) {\n    renewZatcaCsid(otp: $otp) {\n      ...ZatcaStatusFields\n    }\n  }\n": types.RenewZatcaCsidDocument,
    "\n  query AdminAnalytics($period: AnalyticsPeriod) {\n    adminAnalytics(period: $period) {\n      period\n      start\n      end\n      bucket\n      revenueTrend {\n        bucketStart\n        revenue\n        paidBookings\n      }\n      bookingsByCategory {\n        category\n        bookings\n        percent\n      }\n      revenue {\n        value\n        previous\n        change\n      }\n      paidBookings {\n        value\n        previous\n        change\n      }\n      bookingsCreated {\n        value\n        previous\n        change\n      }\n      averageBookingValue {\n        value\n        previous\n        change\n      }\n      conversionRate {\n        value\n        previous\n        change\n      }\n      retentionRate {\n        value\n        previous\n        change\n      }\n      medianFirstResponseHours {\n        value\n        previous\n        change\n      }\n      utilizationRate {\n        value\n        previous\n        change\n      }\n    }\n  }\n": types.AdminAnalyticsDocument,
    "\n  query PublicStats {\n    publicStats {\n      activeResources\n      completedBookings\n      businesses\n    }\n  }\n": types.PublicStatsDocument,
    "\n  query HostAnalytics($period: AnalyticsPeriod) {\n    hostAnalytics(period: $period) {\n      period\n      start\n      end\n      bucket\n      trend {\n        bucketStart\n        views\n        bookings\n        revenue\n      }\n      totals {\n        ...HostFigures_figures\n      }\n      listings {\n        id\n        title\n        category\n        status\n        figures {\n          ...HostFigures_figures\n        }\n      }\n    }\n  }\n\n  fragment HostFigures_figures on HostFigures {\n    views\n    bookings\n    paidBookings\n    conversionRate\n    revenue\n    occupancyRate\n    averageRating\n    reviewsCount\n  }\n": types.HostAnalyticsDocument,
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
    "\n  fragment AvailabilityFields on ResourceAvailability {\n    resourceId\n    hourly\n    icsUrl\n    blocked {\n      id\n      startDate\n      endDate\n      note\n    }\n    openingHours {\n      weekday\n      opens\n      closes\n    }\n  }\n": types.AvailabilityFieldsFragmentDoc,
    "\n  query ResourceAvailability($id: ID!) {\n    resource(id: $id) {\n      id\n      title\n      resourceType\n    }\n    resourceAvailability(resourceId: $id) {\n      ...AvailabilityFields\n    }\n  }\n": types.ResourceAvailabilityDocument,
    "\n  mutation SetResourceAvailability($id: ID!, $input: AvailabilityInput!) {\n    setResourceAvailability(resourceId: $id, input: $input) {\n      ...AvailabilityFields\n    }\n  }\n": types.SetResourceAvailabilityDocument,
    "\n  mutation RotateCalendarFeed($id: ID!) {\n    rotateResourceCalendarFeed(resourceId: $id) {\n      ...AvailabilityFields\n    }\n  }\n": types.RotateCalendarFeedDocument,
    "\n  query BusinessServices($locale: String) {\n    businessServices(locale: $locale) {\n      id\n      title\n      description\n      icon\n      image\n    }\n  }\n": types.BusinessServicesDocument,
    "\n  query BusinessService($id: ID!, $locale: String) {\n    businessService(id: $id, locale: $locale) {\n      id\n      title\n      description\n      icon\n      image\n      details\n      benefits\n      processSteps {\n        step\n        title\n        description\n      }\n    }\n  }\n": types.BusinessServiceDocument,
    "\n  query MyFavoriteIds {\n    myFavoriteIds\n  }\n": types.MyFavoriteIdsDocument,
    "\n  query MyFavorites($page: Int, $pageSize: Int) {\n    myFavorites(page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        id\n        ...ResourceCard_resource\n      }\n    }\n  }\n": types.MyFavoritesDocument,
    "\n  mutation AddFavorite($resourceId: ID!) {\n    addFavorite(resourceId: $resourceId)\n  }\n": types.AddFavoriteDocument,
    "\n  mutation RemoveFavorite($resourceId: ID!) {\n    removeFavorite(resourceId: $resourceId)\n  }\n": types.RemoveFavoriteDocument,
    "\n  query AdminPayments(\n    $status: PaymentStatus\n    $method: PaymentMethod\n    $refundStatus: RefundStatus\n    $from: String\n    $to: String\n    $hostId: String\n    $q: String\n    $page: Int\n  ) {\n    adminPayments(\n      status: $status\n      method: $method\n      refundStatus: $refundStatus\n      from: $from\n      to: $to\n      hostId: $hostId\n      q: $q\n      page: $page\n    ) {\n      total\n      page\n      pageSize\n      hosts {\n        id\n        name\n      }\n      items {\n        ...AdminPaymentFields\n      }\n    }\n  }\n": types.AdminPaymentsDocument,
    "\n  fragment AdminPaymentFields on AdminPayment {\n    id\n    kind\n    bookingId\n    serviceBookingId\n    title\n    method\n    gateway\n    status\n    amount\n    amountHalalas\n    cardBrand\n    cardLast4\n    invoiceNumber\n    error\n    createdAt\n    paidAt\n    customerName\n    customerEmail\n    hostName\n    hostEmail\n    refundId\n    refundStatus\n    refundAmountHalalas\n    refundError\n    creditNoteNumber\n    commissionHalalas\n    vatOnCommissionHalalas\n    hostShareHalalas\n    supplierCode\n  }\n": types.AdminPaymentFieldsFragmentDoc,
    "\n  fragment AdminPaymentDetailFields on AdminPaymentDetail {\n    payment {\n      ...AdminPaymentFields\n    }\n    timeline {\n      at\n      kind\n      amountHalalas\n      detail\n      actorEmail\n    }\n  }\n": types.AdminPaymentDetailFieldsFragmentDoc,
    "\n  query AdminPayment($id: ID!) {\n    adminPayment(id: $id) {\n      ...AdminPaymentDetailFields\n    }\n  }\n": types.AdminPaymentDocument,
    "\n  mutation RetryRefund($refundId: ID!) {\n    retryRefund(refundId: $refundId) {\n      ...AdminPaymentDetailFields\n    }\n  }\n": types.RetryRefundDocument,
    "\n  query AdminHeldBalances {\n    adminHeldBalances {\n      hostId\n      hostName\n      hostEmail\n      supplierStatus\n      heldHalalas\n      held\n      owed\n      owedHalalas\n      payable\n      inFlight\n      resolvable\n      inFlightPayout {\n        id\n        amount\n        createdAt\n      }\n    }\n  }\n": types.AdminHeldBalancesDocument,
    "\n  mutation ResolveHeldPayout($id: ID!, $outcome: String!, $reason: String!, $gatewayReference: String) {\n    resolveHeldPayout(id: $id, outcome: $outcome, reason: $reason, gatewayReference: $gatewayReference) {\n      id\n      status\n      gatewayReference\n    }\n  }\n": types.ResolveHeldPayoutDocument,
    "\n  mutation PayHeldBalance($hostId: ID!, $amountHalalas: Int!) {\n    payHeldBalance(hostId: $hostId, amountHalalas: $amountHalalas) {\n      id\n      amount\n      status\n      gatewayReference\n    }\n  }\n": types.PayHeldBalanceDocument,
    "\n  fragment InquiryFields on Inquiry {\n    id\n    serviceType\n    fullName\n    email\n    companyName\n    message\n    status\n    preferredDate\n    preferredTime\n    createdAt\n  }\n": types.InquiryFieldsFragmentDoc,
    "\n  mutation SubmitInquiry($input: InquiryInput!) {\n    submitInquiry(input: $input) {\n      ...InquiryFields\n    }\n  }\n": types.SubmitInquiryDocument,
    "\n  query MyInquiries {\n    myInquiries {\n      ...InquiryFields\n    }\n  }\n": types.MyInquiriesDocument,
    "\n  query AdminInquiries($status: InquiryStatus, $search: String) {\n    inquiries(status: $status, search: $search) {\n      ...InquiryFields\n    }\n    inquiryStats {\n      total\n      new\n      inProgress\n      resolved\n      closed\n    }\n  }\n": types.AdminInquiriesDocument,
    "\n  mutation UpdateInquiryStatus($id: ID!, $status: InquiryStatus!) {\n    updateInquiryStatus(id: $id, status: $status) {\n      ...InquiryFields\n    }\n  }\n": types.UpdateInquiryStatusDocument,
    "\n  fragment InvoiceFields on BookingInvoice {\n    bookingId\n    serviceBookingId\n    invoiceNumber\n    issuedAt\n    currency\n    seller {\n      name\n      vatNumber\n      address\n      addressAr\n      contactEmail\n      contactPhone\n    }\n    kind\n    buyer {\n      name\n      email\n      companyName\n      vatNumber\n      crNumber\n      nationalAddress {\n        buildingNumber\n        street\n        district\n        city\n        postalCode\n        additionalNumber\n      }\n    }\n    lines {\n      description\n      period\n      quantity\n      unitPrice\n      amount\n    }\n    subtotal\n    vatRate\n    vat\n    total\n    cardBrand\n    cardLast4\n    startDate\n    endDate\n    qrPayload\n  }\n": types.InvoiceFieldsFragmentDoc,
    "\n  query BookingInvoice($bookingId: String!) {\n    bookingInvoice(bookingId: $bookingId) {\n      ...InvoiceFields\n    }\n  }\n": types.BookingInvoiceDocument,
    "\n  query ServiceBookingInvoice($serviceBookingId: String!) {\n    serviceBookingInvoice(serviceBookingId: $serviceBookingId) {\n      ...InvoiceFields\n    }\n  }\n": types.ServiceBookingInvoiceDocument,
    "\n  mutation SaveInvoiceCompany($input: ProfileInput!) {\n    updateProfile(input: $input) {\n      ...UserFields\n    }\n  }\n": types.SaveInvoiceCompanyDocument,
    "\n  subscription BookingUpdated {\n    bookingUpdated {\n      ...BookingRow_booking\n    }\n  }\n": types.BookingUpdatedDocument,
    "\n  subscription ResourceReviewed {\n    resourceReviewed {\n      ...ResourceCard_resource\n      ...ResourceChanges_resource\n    }\n  }\n": types.ResourceReviewedDocument,
    "\n  subscription ResourceSubmitted {\n    resourceSubmitted {\n      ...ResourceCard_resource\n      ...ResourceChanges_resource\n    }\n  }\n": types.ResourceSubmittedDocument,
    "\n  subscription InquiryCreated {\n    inquiryCreated {\n      ...InquiryFields\n    }\n  }\n": types.InquiryCreatedDocument,
    "\n  subscription InquiryUpdated {\n    inquiryUpdated {\n      ...InquiryFields\n    }\n  }\n": types.InquiryUpdatedDocument,
    "\n  subscription StatsUpdated {\n    statsUpdated {\n      totalUsers\n      activeResources\n      activeBookings\n      totalRevenue\n      utilizationRate\n      pendingResources\n      newInquiries\n      paymentsConfigured\n    }\n  }\n": types.StatsUpdatedDocument,
    "\n  query AdminBadgeCounts {\n    resourceStatusCounts {\n      total\n      pending\n      active\n      rejected\n      withdrawn\n      changesPending\n    }\n    inquiryStats {\n      total\n      new\n      inProgress\n      resolved\n      closed\n    }\n  }\n": types.AdminBadgeCountsDocument,
    "\n  subscription ZatcaStatusUpdated {\n    zatcaStatusUpdated {\n      ...ZatcaStatusFields\n    }\n  }\n": types.ZatcaStatusUpdatedDocument,
    "\n  fragment ResourceCard_resource on Resource {\n    id\n    title\n    description\n    category\n    resourceType\n    fileFormat\n    price\n    currency\n    period\n    location\n    availability\n    images\n    rating\n    reviewsCount\n    viewsCount\n    ownerId\n    ownerName\n    tags\n    status\n    rejectionReason\n    createdAt\n  }\n": types.ResourceCard_ResourceFragmentDoc,
    "\n  fragment ResourceChanges_resource on Resource {\n    id\n    pendingChanges {\n      title\n      description\n      category\n      price\n      period\n      location\n      tags\n      images\n      submittedAt\n    }\n    changesRejectionReason\n  }\n": types.ResourceChanges_ResourceFragmentDoc,
    "\n  query Resources($filter: ResourceFilterInput) {\n    resources(filter: $filter) {\n      total\n      totalCapped\n      page\n      pageSize\n      items {\n        ...ResourceCard_resource\n      }\n    }\n  }\n": types.ResourcesDocument,
    "\n  query Resource($id: ID!) {\n    resource(id: $id) {\n      ...ResourceCard_resource\n      ...ResourceChanges_resource\n      cancellationPolicy\n      openingHours {\n        weekday\n        opens\n        closes\n      }\n    }\n    resourceBusyRanges(resourceId: $id) {\n      startDate\n      endDate\n    }\n  }\n": types.ResourceDocument,
    "\n  query MyResources {\n    myResources {\n      ...ResourceCard_resource\n      ...ResourceChanges_resource\n    }\n  }\n": types.MyResourcesDocument,
    "\n  query AdminResources($filter: ResourceFilterInput) {\n    adminResources(filter: $filter) {\n      total\n      page\n      pageSize\n      items {\n        ...ResourceCard_resource\n      }\n    }\n    resourceStatusCounts {\n      total\n      pending\n      active\n      rejected\n      withdrawn\n    }\n  }\n": types.AdminResourcesDocument,
    "\n  query AdminResourceChanges {\n    adminResourceChanges {\n      ...ResourceCard_resource\n      ...ResourceChanges_resource\n    }\n  }\n": types.AdminResourceChangesDocument,
    "\n  mutation ApproveResourceChanges($id: ID!) {\n    approveResourceChanges(id: $id) {\n      ...ResourceCard_resource\n      ...ResourceChanges_resource\n    }\n  }\n": types.ApproveResourceChangesDocument,
    "\n  mutation RejectResourceChanges($id: ID!, $reason: String) {\n    rejectResourceChanges(id: $id, reason: $reason) {\n      ...ResourceCard_resource\n      ...ResourceChanges_resource\n    }\n  }\n": types.RejectResourceChangesDocument,
    "\n  mutation DeleteResource($id: ID!) {\n    deleteResource(id: $id)\n  }\n": types.DeleteResourceDocument,
    "\n  mutation ApproveResource($id: ID!) {\n    approveResource(id: $id) {\n      id\n      status\n      rejectionReason\n    }\n  }\n": types.ApproveResourceDocument,
    "\n  mutation RejectResource($id: ID!, $reason: String) {\n    rejectResource(id: $id, reason: $reason) {\n      id\n      status\n      rejectionReason\n    }\n  }\n": types.RejectResourceDocument,
    "\n  mutation ResourceDownloadLink($id: ID!) {\n    resourceDownloadLink(id: $id) {\n      url\n      expiresAt\n    }\n  }\n": types.ResourceDownloadLinkDocument,
    "\n  fragment BookingRow_booking on Booking {\n    id\n    resourceId\n    resourceTitle\n    resourceType\n    startDate\n    endDate\n    periods\n    totalAmount\n    vatAmount\n    totalWithVat\n    currency\n    status\n    paymentStatus\n    holdExpiresAt\n    createdAt\n    reviewed\n    cancellationPolicy\n    refundStatus\n    refundAmount\n  }\n": types.BookingRow_BookingFragmentDoc,
    "\n  query MyBookings {\n    myBookings {\n      ...BookingRow_booking\n    }\n  }\n": types.MyBookingsDocument,
    "\n  mutation CreateBooking($input: CreateBookingInput!) {\n    createBooking(input: $input) {\n      ...BookingRow_booking\n    }\n  }\n": types.CreateBookingDocument,
    "\n  mutation CancelBooking($id: ID!) {\n    cancelBooking(id: $id) {\n      id\n      status\n      paymentStatus\n      refundStatus\n      refundAmount\n    }\n  }\n": types.CancelBookingDocument,
    "\n  query HostBookings {\n    bookings {\n      ...BookingRow_booking\n      userName\n    }\n  }\n": types.HostBookingsDocument,
    "\n  query CancellationQuote($bookingId: String!) {\n    cancellationQuote(bookingId: $bookingId) {\n      bookingId\n      policy\n      cancelledBy\n      canCancel\n      paidAmount\n      refundAmount\n      keptAmount\n      currency\n    }\n  }\n": types.CancellationQuoteDocument,
    "\n  fragment MessageFields on Message {\n    id\n    conversationId\n    senderId\n    body\n    bookingId\n    createdAt\n  }\n": types.MessageFieldsFragmentDoc,
    "\n  fragment ConversationFields on Conversation {\n    id\n    resourceId\n    resourceTitle\n    myRole\n    otherUserId\n    otherUserName\n    otherUserDeleted\n    bookingId\n    unreadCount\n    lastMessageAt\n    lastMessage {\n      ...MessageFields\n    }\n  }\n": types.ConversationFieldsFragmentDoc,
    "\n  query MyConversations {\n    myConversations(limit: 100) {\n      total\n      items {\n        ...ConversationFields\n      }\n    }\n  }\n": types.MyConversationsDocument,
    "\n  query Conversation($id: ID!) {\n    conversation(id: $id) {\n      ...ConversationFields\n    }\n  }\n": types.ConversationDocument,
    "\n  query ConversationForResource($resourceId: ID!) {\n    conversationForResource(resourceId: $resourceId) {\n      id\n    }\n    resource(id: $resourceId) {\n      id\n      title\n      ownerId\n    }\n  }\n": types.ConversationForResourceDocument,
    "\n  query ConversationMessages($id: ID!, $limit: Int) {\n    conversationMessages(id: $id, limit: $limit) {\n      total\n      items {\n        ...MessageFields\n      }\n    }\n  }\n": types.ConversationMessagesDocument,
    "\n  query UnreadMessagesCount {\n    unreadMessagesCount\n  }\n": types.UnreadMessagesCountDocument,
    "\n  mutation StartConversation($input: StartConversationInput!) {\n    startConversation(input: $input) {\n      created\n      conversation {\n        ...ConversationFields\n      }\n      message {\n        ...MessageFields\n      }\n    }\n  }\n": types.StartConversationDocument,
    "\n  mutation SendMessage($conversationId: ID!, $body: String!) {\n    sendMessage(conversationId: $conversationId, body: $body) {\n      ...MessageFields\n    }\n  }\n": types.SendMessageDocument,
    "\n  mutation MarkConversationRead($id: ID!) {\n    markConversationRead(id: $id) {\n      id\n      unreadCount\n    }\n  }\n": types.MarkConversationReadDocument,
    "\n  subscription MessageAdded {\n    messageAdded {\n      ...MessageFields\n    }\n  }\n": types.MessageAddedDocument,
    "\n  mutation SubscribeNewsletter($email: String!, $locale: String) {\n    subscribeNewsletter(email: $email, locale: $locale) {\n      message\n    }\n  }\n": types.SubscribeNewsletterDocument,
    "\n  query NewsletterSubscription($token: String!) {\n    newsletterSubscription(token: $token) {\n      email\n      subscribed\n    }\n  }\n": types.NewsletterSubscriptionDocument,
    "\n  mutation UnsubscribeNewsletter($token: String!) {\n    unsubscribeNewsletter(token: $token) {\n      email\n      subscribed\n    }\n  }\n": types.UnsubscribeNewsletterDocument,
    "\n  mutation ConfirmNewsletter($token: String!) {\n    confirmNewsletter(token: $token) {\n      email\n      subscribed\n    }\n  }\n": types.ConfirmNewsletterDocument,
    "\n  fragment NotificationFields on NotificationItem {\n    id\n    kind\n    link\n    readAt\n    createdAt\n    params {\n      resourceTitle\n      otherName\n      reason\n      rating\n      status\n      service\n      serviceAr\n      expiresAt\n    }\n  }\n": types.NotificationFieldsFragmentDoc,
    "\n  query MyNotifications($page: Int, $pageSize: Int) {\n    myNotifications(page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      unreadCount\n      items {\n        ...NotificationFields\n      }\n    }\n  }\n": types.MyNotificationsDocument,
    "\n  mutation MarkNotificationsRead($ids: [ID!], $all: Boolean) {\n    markNotificationsRead(ids: $ids, all: $all)\n  }\n": types.MarkNotificationsReadDocument,
    "\n  query NotificationPreferences {\n    notificationPreferences {\n      kind\n      email\n    }\n  }\n": types.NotificationPreferencesDocument,
    "\n  mutation SetNotificationPreferences($email: [NotificationPreferenceInput!]!) {\n    setNotificationPreferences(email: $email) {\n      kind\n      email\n    }\n  }\n": types.SetNotificationPreferencesDocument,
    "\n  subscription NotificationAdded {\n    notificationAdded {\n      ...NotificationFields\n    }\n  }\n": types.NotificationAddedDocument,
    "\n  fragment PaymentBooking on Booking {\n    id\n    resourceTitle\n    startDate\n    endDate\n    totalAmount\n    totalWithVat\n    status\n    paymentStatus\n    cancellationPolicy\n    resourceType\n  }\n": types.PaymentBookingFragmentDoc,
    "\n  query PaymentEligibility($bookingId: String!, $id: ID!) {\n    paymentEligibility(bookingId: $bookingId) {\n      canPay\n      reason\n      message\n      bookingId\n      resourceTitle\n      subtotal\n      vat\n      amount\n      currency\n      paymentMethod\n      testMode\n      testCards\n      directCard\n    }\n    booking(id: $id) {\n      ...PaymentBooking\n    }\n  }\n": types.PaymentEligibilityDocument,
    "\n  query ServicePaymentEligibility($serviceBookingId: String!, $id: ID!) {\n    paymentEligibility(serviceBookingId: $serviceBookingId) {\n      canPay\n      reason\n      message\n      serviceBookingId\n      subtotal\n      vat\n      amount\n      currency\n      paymentMethod\n      testMode\n      testCards\n      directCard\n    }\n    serviceBooking(id: $id) {\n      id\n      serviceName\n      serviceNameAr\n      scheduledAt\n      status\n      paymentStatus\n      totalWithVat\n    }\n  }\n": types.ServicePaymentEligibilityDocument,
    "\n  mutation StartPaymentSession($bookingId: String, $serviceBookingId: String) {\n    startPaymentSession(bookingId: $bookingId, serviceBookingId: $serviceBookingId) {\n      sessionId\n      countryCode\n      scriptUrl\n    }\n  }\n": types.StartPaymentSessionDocument,
    "\n  mutation ExecutePaymentSession($bookingId: String, $serviceBookingId: String, $sessionId: String!) {\n    executePaymentSession(bookingId: $bookingId, serviceBookingId: $serviceBookingId, sessionId: $sessionId) {\n      success\n      status\n      paymentUrl\n      paymentId\n      error\n    }\n  }\n": types.ExecutePaymentSessionDocument,
    "\n  mutation ChargeCard($input: CardChargeInput!) {\n    chargeCard(input: $input) {\n      success\n      status\n      transactionId\n      bookingId\n      error\n    }\n  }\n": types.ChargeCardDocument,
    "\n  mutation InitiatePayment($bookingId: String, $serviceBookingId: String, $method: String) {\n    initiatePayment(bookingId: $bookingId, serviceBookingId: $serviceBookingId, method: $method) {\n      success\n      paymentUrl\n      error\n    }\n  }\n": types.InitiatePaymentDocument,
    "\n  mutation ConfirmPayment($bookingId: String, $serviceBookingId: String, $paymentId: String!) {\n    confirmPayment(bookingId: $bookingId, serviceBookingId: $serviceBookingId, paymentId: $paymentId) {\n      success\n      status\n      transactionId\n      error\n      booking {\n        ...PaymentBooking\n      }\n      serviceBooking {\n        id\n        serviceName\n        serviceNameAr\n        scheduledAt\n        totalWithVat\n        paymentStatus\n      }\n    }\n  }\n": types.ConfirmPaymentDocument,
    "\n  query BookingPayments($bookingId: String!, $id: ID!) {\n    bookingPayments(bookingId: $bookingId) {\n      id\n      status\n      amount\n      vat\n      subtotal\n      transactionId\n      cardBrand\n      cardLast4\n      invoiceNumber\n      paidAt\n      error\n    }\n    booking(id: $id) {\n      ...PaymentBooking\n    }\n  }\n": types.BookingPaymentsDocument,
    "\n  subscription PaymentUpdated($bookingId: String, $serviceBookingId: String) {\n    paymentUpdated(bookingId: $bookingId, serviceBookingId: $serviceBookingId) {\n      id\n      status\n      amount\n      transactionId\n      error\n      paidAt\n    }\n  }\n": types.PaymentUpdatedDocument,
    "\n  query PayoutAccount {\n    payoutAccount {\n      legalName\n      commercialRegistration\n      vatNumber\n      mobile\n      bank\n      iban\n      supplierStatus\n      supplierComment\n      documents {\n        id\n        name\n        type\n      }\n    }\n  }\n": types.PayoutAccountDocument,
    "\n  query HostEarnings($from: String, $to: String, $page: Int, $pageSize: Int) {\n    hostEarnings(from: $from, to: $to, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      gross\n      commission\n      vatOnCommission\n      platformVat\n      refunded\n      net\n      pending\n      owed\n      paidOut\n      transferred\n      payouts {\n        id\n        amount\n        status\n        gatewayReference\n        transferType\n        createdAt\n        transferredAt\n      }\n      items {\n        paymentId\n        resourceTitle\n        paidAt\n        gross\n        commission\n        vatOnCommission\n        platformVat\n        refunded\n        net\n        status\n      }\n    }\n  }\n": types.HostEarningsDocument,
    "\n  query MarketplaceSettings {\n    marketplaceSettings {\n      commissionPercent\n      commissionFixed\n      byCategory {\n        category\n        commissionPercent\n        commissionFixed\n      }\n    }\n  }\n": types.MarketplaceSettingsDocument,
    "\n  mutation UpdateMarketplaceSettings($input: MarketplaceSettingsInput!) {\n    updateMarketplaceSettings(input: $input) {\n      commissionPercent\n      commissionFixed\n      byCategory {\n        category\n        commissionPercent\n        commissionFixed\n      }\n    }\n  }\n": types.UpdateMarketplaceSettingsDocument,
    "\n  query HostCommissionInvoices {\n    hostCommissionInvoices {\n      id\n      invoiceNumber\n      month\n      subtotal\n      vat\n      total\n      zatcaXml\n    }\n  }\n": types.HostCommissionInvoicesDocument,
    "\n  query HostCommissionCreditNotes {\n    hostCommissionCreditNotes {\n      id\n      creditNoteNumber\n      originalInvoiceNumber\n      month\n      subtotal\n      vat\n      total\n      zatcaXml\n    }\n  }\n": types.HostCommissionCreditNotesDocument,
    "\n  query PlatformInfo {\n    platformInfo {\n      platformName\n      contactEmail\n      contactPhone\n      address\n      addressAr\n      vatNumber\n      businessHours\n      businessHoursAr\n    }\n  }\n": types.PlatformInfoDocument,
    "\n  fragment ReviewItem_review on Review {\n    id\n    rating\n    comment\n    authorName\n    reply\n    repliedAt\n    createdAt\n  }\n": types.ReviewItem_ReviewFragmentDoc,
    "\n  query ResourceReviews($resourceId: ID!, $page: Int, $pageSize: Int) {\n    resourceReviews(resourceId: $resourceId, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...ReviewItem_review\n      }\n    }\n  }\n": types.ResourceReviewsDocument,
    "\n  mutation CreateReview($bookingId: ID!, $input: ReviewInput!) {\n    createReview(bookingId: $bookingId, input: $input) {\n      ...ReviewItem_review\n    }\n  }\n": types.CreateReviewDocument,
    "\n  mutation ReplyToReview($reviewId: ID!, $text: String!) {\n    replyToReview(reviewId: $reviewId, text: $text) {\n      ...ReviewItem_review\n    }\n  }\n": types.ReplyToReviewDocument,
    "\n  query AdminReviews($page: Int, $pageSize: Int) {\n    adminReviews(page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...ReviewItem_review\n        resourceId\n        resourceTitle\n        hidden\n        hiddenReason\n      }\n    }\n  }\n": types.AdminReviewsDocument,
    "\n  mutation HideReview($reviewId: ID!, $reason: String!) {\n    hideReview(reviewId: $reviewId, reason: $reason) {\n      id\n      hidden\n      hiddenReason\n    }\n  }\n": types.HideReviewDocument,
    "\n  query CustomerRating($bookingId: ID!) {\n    customerRating(bookingId: $bookingId) {\n      average\n      count\n      myRating\n      myNote\n    }\n  }\n": types.CustomerRatingDocument,
    "\n  mutation RateCustomer($bookingId: ID!, $input: CustomerRatingInput!) {\n    rateCustomer(bookingId: $bookingId, input: $input) {\n      average\n      count\n      myRating\n      myNote\n    }\n  }\n": types.RateCustomerDocument,
    "\n  fragment ServiceBookingFields on ServiceBooking {\n    id\n    serviceId\n    serviceName\n    serviceNameAr\n    status\n    paymentStatus\n    preferredDate\n    preferredTime\n    contactNumber\n    requirements\n    price\n    vatAmount\n    totalWithVat\n    scheduledAt\n    cancelReason\n    paymentMethod\n    userName\n    userEmail\n    createdAt\n    changeableUntil\n    advisorId\n    advisorName\n  }\n": types.ServiceBookingFieldsFragmentDoc,
    "\n  query ServiceSlots($serviceId: String!, $advisorId: ID) {\n    serviceSlots(serviceId: $serviceId, advisorId: $advisorId) {\n      hasAdvisors\n      slotMinutes\n      advisors {\n        id\n        displayName\n      }\n      slots {\n        date\n        time\n        advisorIds\n      }\n    }\n  }\n": types.ServiceSlotsDocument,
    "\n  query AdminAdvisors($serviceId: String) {\n    advisors(serviceId: $serviceId) {\n      id\n      displayName\n      active\n      languages\n    }\n  }\n": types.AdminAdvisorsDocument,
    "\n  mutation CreateServiceBooking($input: ServiceBookingInput!) {\n    createServiceBooking(input: $input) {\n      ...ServiceBookingFields\n    }\n  }\n": types.CreateServiceBookingDocument,
    "\n  query MyServiceBookings {\n    myServiceBookings {\n      ...ServiceBookingFields\n    }\n  }\n": types.MyServiceBookingsDocument,
    "\n  query AdminServiceBookings($status: ServiceBookingStatus, $search: String) {\n    serviceBookings(status: $status, search: $search) {\n      ...ServiceBookingFields\n    }\n  }\n": types.AdminServiceBookingsDocument,
    "\n  mutation UpdateServiceBooking($id: ID!, $input: UpdateServiceBookingInput!) {\n    updateServiceBooking(id: $id, input: $input) {\n      ...ServiceBookingFields\n    }\n  }\n": types.UpdateServiceBookingDocument,
    "\n  subscription ServiceBookingCreated {\n    serviceBookingCreated {\n      ...ServiceBookingFields\n    }\n  }\n": types.ServiceBookingCreatedDocument,
    "\n  subscription ServiceBookingUpdated {\n    serviceBookingUpdated {\n      ...ServiceBookingFields\n    }\n  }\n": types.ServiceBookingUpdatedDocument,
    "\n  mutation CancelMyServiceBooking($id: ID!, $reason: String) {\n    cancelMyServiceBooking(id: $id, reason: $reason) {\n      ...ServiceBookingFields\n    }\n  }\n": types.CancelMyServiceBookingDocument,
    "\n  mutation RescheduleServiceBooking($id: ID!, $input: RescheduleServiceBookingInput!) {\n    rescheduleServiceBooking(id: $id, input: $input) {\n      ...ServiceBookingFields\n    }\n  }\n": types.RescheduleServiceBookingDocument,
    "\n  mutation CreateServiceBookingFromInquiry($inquiryId: ID!, $input: ServiceBookingFromInquiryInput) {\n    createServiceBookingFromInquiry(inquiryId: $inquiryId, input: $input) {\n      ...ServiceBookingFields\n    }\n  }\n": types.CreateServiceBookingFromInquiryDocument,
    "\n  query ServiceBookingSummary($id: ID!) {\n    serviceBooking(id: $id) {\n      id\n      serviceName\n      serviceNameAr\n      scheduledAt\n      totalWithVat\n      paymentStatus\n    }\n  }\n": types.ServiceBookingSummaryDocument,
    "\n  fragment AdvisorFields on Advisor {\n    id\n    displayName\n    userEmail\n    serviceIds\n    languages\n    active\n    daysOff\n  }\n": types.AdvisorFieldsFragmentDoc,
    "\n  query AdvisorsList {\n    advisors {\n      ...AdvisorFields\n    }\n  }\n": types.AdvisorsListDocument,
    "\n  mutation CreateAdvisor($input: AdvisorInput!) {\n    createAdvisor(input: $input) {\n      ...AdvisorFields\n    }\n  }\n": types.CreateAdvisorDocument,
    "\n  mutation UpdateAdvisor($id: ID!, $input: AdvisorInput!) {\n    updateAdvisor(id: $id, input: $input) {\n      ...AdvisorFields\n    }\n  }\n": types.UpdateAdvisorDocument,
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
export function graphql(source: "\n  fragment MyFatoorahSettingsFields on MyFatoorahSettings {\n    apiKeySet\n    apiKeyLast4\n    testMode\n    pciCertified\n    webhookUrl\n    webhookEndpoint\n    successUrl\n    errorUrl\n  }\n"): (typeof documents)["\n  fragment MyFatoorahSettingsFields on MyFatoorahSettings {\n    apiKeySet\n    apiKeyLast4\n    testMode\n    pciCertified\n    webhookUrl\n    webhookEndpoint\n    successUrl\n    errorUrl\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AiChatSettingsFields on AiChatSettings {\n    apiKeySet\n    apiKeyLast4\n    enabled\n    provider\n    model\n    systemPrompt\n    temperature\n    maxTokens\n  }\n"): (typeof documents)["\n  fragment AiChatSettingsFields on AiChatSettings {\n    apiKeySet\n    apiKeyLast4\n    enabled\n    provider\n    model\n    systemPrompt\n    temperature\n    maxTokens\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment GeneralSettingsFields on GeneralSettings {\n    platformName\n    contactEmail\n    contactPhone\n    address\n    addressAr\n    vatNumber\n    businessHours\n    businessHoursAr\n  }\n"): (typeof documents)["\n  fragment GeneralSettingsFields on GeneralSettings {\n    platformName\n    contactEmail\n    contactPhone\n    address\n    addressAr\n    vatNumber\n    businessHours\n    businessHoursAr\n  }\n"];
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
export function graphql(source: "\n  fragment ZatcaStatusFields on ZatcaStatusGql {\n    environment\n    status\n    error\n    activatedAt\n    certificateExpiresAt\n    renewalDue\n    documents {\n      status\n      count\n    }\n    rejected {\n      id\n      number\n      type\n      kind\n      submittedAt\n      messages\n    }\n  }\n"): (typeof documents)["\n  fragment ZatcaStatusFields on ZatcaStatusGql {\n    environment\n    status\n    error\n    activatedAt\n    certificateExpiresAt\n    renewalDue\n    documents {\n      status\n      count\n    }\n    rejected {\n      id\n      number\n      type\n      kind\n      submittedAt\n      messages\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ZatcaStatus {\n    zatcaStatus {\n      ...ZatcaStatusFields\n    }\n  }\n"): (typeof documents)["\n  query ZatcaStatus {\n    zatcaStatus {\n      ...ZatcaStatusFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation OnboardZatca($input: ZatcaOnboardingInput!) {\n    onboardZatca(input: $input) {\n      ...ZatcaStatusFields\n    }\n  }\n"): (typeof documents)["\n  mutation OnboardZatca($input: ZatcaOnboardingInput!) {\n    onboardZatca(input: $input) {\n      ...ZatcaStatusFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResubmitZatcaDocument($id: String!) {\n    resubmitZatcaDocument(id: $id) {\n      id\n      icv\n      number\n      status\n      replaces\n    }\n  }\n"): (typeof documents)["\n  mutation ResubmitZatcaDocument($id: String!) {\n    resubmitZatcaDocument(id: $id) {\n      id\n      icv\n      number\n      status\n      replaces\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RenewZatcaCsid($otp: String!) {\n    renewZatcaCsid(otp: $otp) {\n      ...ZatcaStatusFields\n    }\n  }\n"): (typeof documents)["\n  mutation RenewZatcaCsid($otp: String!) {\n    renewZatcaCsid(otp: $otp) {\n      ...ZatcaStatusFields\n    }\n  }\n"];
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
export function graphql(source: "\n  query HostAnalytics($period: AnalyticsPeriod) {\n    hostAnalytics(period: $period) {\n      period\n      start\n      end\n      bucket\n      trend {\n        bucketStart\n        views\n        bookings\n        revenue\n      }\n      totals {\n        ...HostFigures_figures\n      }\n      listings {\n        id\n        title\n        category\n        status\n        figures {\n          ...HostFigures_figures\n        }\n      }\n    }\n  }\n\n  fragment HostFigures_figures on HostFigures {\n    views\n    bookings\n    paidBookings\n    conversionRate\n    revenue\n    occupancyRate\n    averageRating\n    reviewsCount\n  }\n"): (typeof documents)["\n  query HostAnalytics($period: AnalyticsPeriod) {\n    hostAnalytics(period: $period) {\n      period\n      start\n      end\n      bucket\n      trend {\n        bucketStart\n        views\n        bookings\n        revenue\n      }\n      totals {\n        ...HostFigures_figures\n      }\n      listings {\n        id\n        title\n        category\n        status\n        figures {\n          ...HostFigures_figures\n        }\n      }\n    }\n  }\n\n  fragment HostFigures_figures on HostFigures {\n    views\n    bookings\n    paidBookings\n    conversionRate\n    revenue\n    occupancyRate\n    averageRating\n    reviewsCount\n  }\n"];
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
export function graphql(source: "\n  fragment AvailabilityFields on ResourceAvailability {\n    resourceId\n    hourly\n    icsUrl\n    blocked {\n      id\n      startDate\n      endDate\n      note\n    }\n    openingHours {\n      weekday\n      opens\n      closes\n    }\n  }\n"): (typeof documents)["\n  fragment AvailabilityFields on ResourceAvailability {\n    resourceId\n    hourly\n    icsUrl\n    blocked {\n      id\n      startDate\n      endDate\n      note\n    }\n    openingHours {\n      weekday\n      opens\n      closes\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ResourceAvailability($id: ID!) {\n    resource(id: $id) {\n      id\n      title\n      resourceType\n    }\n    resourceAvailability(resourceId: $id) {\n      ...AvailabilityFields\n    }\n  }\n"): (typeof documents)["\n  query ResourceAvailability($id: ID!) {\n    resource(id: $id) {\n      id\n      title\n      resourceType\n    }\n    resourceAvailability(resourceId: $id) {\n      ...AvailabilityFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetResourceAvailability($id: ID!, $input: AvailabilityInput!) {\n    setResourceAvailability(resourceId: $id, input: $input) {\n      ...AvailabilityFields\n    }\n  }\n"): (typeof documents)["\n  mutation SetResourceAvailability($id: ID!, $input: AvailabilityInput!) {\n    setResourceAvailability(resourceId: $id, input: $input) {\n      ...AvailabilityFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RotateCalendarFeed($id: ID!) {\n    rotateResourceCalendarFeed(resourceId: $id) {\n      ...AvailabilityFields\n    }\n  }\n"): (typeof documents)["\n  mutation RotateCalendarFeed($id: ID!) {\n    rotateResourceCalendarFeed(resourceId: $id) {\n      ...AvailabilityFields\n    }\n  }\n"];
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
export function graphql(source: "\n  query MyFavoriteIds {\n    myFavoriteIds\n  }\n"): (typeof documents)["\n  query MyFavoriteIds {\n    myFavoriteIds\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyFavorites($page: Int, $pageSize: Int) {\n    myFavorites(page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        id\n        ...ResourceCard_resource\n      }\n    }\n  }\n"): (typeof documents)["\n  query MyFavorites($page: Int, $pageSize: Int) {\n    myFavorites(page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        id\n        ...ResourceCard_resource\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddFavorite($resourceId: ID!) {\n    addFavorite(resourceId: $resourceId)\n  }\n"): (typeof documents)["\n  mutation AddFavorite($resourceId: ID!) {\n    addFavorite(resourceId: $resourceId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveFavorite($resourceId: ID!) {\n    removeFavorite(resourceId: $resourceId)\n  }\n"): (typeof documents)["\n  mutation RemoveFavorite($resourceId: ID!) {\n    removeFavorite(resourceId: $resourceId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminPayments(\n    $status: PaymentStatus\n    $method: PaymentMethod\n    $refundStatus: RefundStatus\n    $from: String\n    $to: String\n    $hostId: String\n    $q: String\n    $page: Int\n  ) {\n    adminPayments(\n      status: $status\n      method: $method\n      refundStatus: $refundStatus\n      from: $from\n      to: $to\n      hostId: $hostId\n      q: $q\n      page: $page\n    ) {\n      total\n      page\n      pageSize\n      hosts {\n        id\n        name\n      }\n      items {\n        ...AdminPaymentFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminPayments(\n    $status: PaymentStatus\n    $method: PaymentMethod\n    $refundStatus: RefundStatus\n    $from: String\n    $to: String\n    $hostId: String\n    $q: String\n    $page: Int\n  ) {\n    adminPayments(\n      status: $status\n      method: $method\n      refundStatus: $refundStatus\n      from: $from\n      to: $to\n      hostId: $hostId\n      q: $q\n      page: $page\n    ) {\n      total\n      page\n      pageSize\n      hosts {\n        id\n        name\n      }\n      items {\n        ...AdminPaymentFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminPaymentFields on AdminPayment {\n    id\n    kind\n    bookingId\n    serviceBookingId\n    title\n    method\n    gateway\n    status\n    amount\n    amountHalalas\n    cardBrand\n    cardLast4\n    invoiceNumber\n    error\n    createdAt\n    paidAt\n    customerName\n    customerEmail\n    hostName\n    hostEmail\n    refundId\n    refundStatus\n    refundAmountHalalas\n    refundError\n    creditNoteNumber\n    commissionHalalas\n    vatOnCommissionHalalas\n    hostShareHalalas\n    supplierCode\n  }\n"): (typeof documents)["\n  fragment AdminPaymentFields on AdminPayment {\n    id\n    kind\n    bookingId\n    serviceBookingId\n    title\n    method\n    gateway\n    status\n    amount\n    amountHalalas\n    cardBrand\n    cardLast4\n    invoiceNumber\n    error\n    createdAt\n    paidAt\n    customerName\n    customerEmail\n    hostName\n    hostEmail\n    refundId\n    refundStatus\n    refundAmountHalalas\n    refundError\n    creditNoteNumber\n    commissionHalalas\n    vatOnCommissionHalalas\n    hostShareHalalas\n    supplierCode\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminPaymentDetailFields on AdminPaymentDetail {\n    payment {\n      ...AdminPaymentFields\n    }\n    timeline {\n      at\n      kind\n      amountHalalas\n      detail\n      actorEmail\n    }\n  }\n"): (typeof documents)["\n  fragment AdminPaymentDetailFields on AdminPaymentDetail {\n    payment {\n      ...AdminPaymentFields\n    }\n    timeline {\n      at\n      kind\n      amountHalalas\n      detail\n      actorEmail\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminPayment($id: ID!) {\n    adminPayment(id: $id) {\n      ...AdminPaymentDetailFields\n    }\n  }\n"): (typeof documents)["\n  query AdminPayment($id: ID!) {\n    adminPayment(id: $id) {\n      ...AdminPaymentDetailFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RetryRefund($refundId: ID!) {\n    retryRefund(refundId: $refundId) {\n      ...AdminPaymentDetailFields\n    }\n  }\n"): (typeof documents)["\n  mutation RetryRefund($refundId: ID!) {\n    retryRefund(refundId: $refundId) {\n      ...AdminPaymentDetailFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminHeldBalances {\n    adminHeldBalances {\n      hostId\n      hostName\n      hostEmail\n      supplierStatus\n      heldHalalas\n      held\n      owed\n      owedHalalas\n      payable\n      inFlight\n      resolvable\n      inFlightPayout {\n        id\n        amount\n        createdAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminHeldBalances {\n    adminHeldBalances {\n      hostId\n      hostName\n      hostEmail\n      supplierStatus\n      heldHalalas\n      held\n      owed\n      owedHalalas\n      payable\n      inFlight\n      resolvable\n      inFlightPayout {\n        id\n        amount\n        createdAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResolveHeldPayout($id: ID!, $outcome: String!, $reason: String!, $gatewayReference: String) {\n    resolveHeldPayout(id: $id, outcome: $outcome, reason: $reason, gatewayReference: $gatewayReference) {\n      id\n      status\n      gatewayReference\n    }\n  }\n"): (typeof documents)["\n  mutation ResolveHeldPayout($id: ID!, $outcome: String!, $reason: String!, $gatewayReference: String) {\n    resolveHeldPayout(id: $id, outcome: $outcome, reason: $reason, gatewayReference: $gatewayReference) {\n      id\n      status\n      gatewayReference\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PayHeldBalance($hostId: ID!, $amountHalalas: Int!) {\n    payHeldBalance(hostId: $hostId, amountHalalas: $amountHalalas) {\n      id\n      amount\n      status\n      gatewayReference\n    }\n  }\n"): (typeof documents)["\n  mutation PayHeldBalance($hostId: ID!, $amountHalalas: Int!) {\n    payHeldBalance(hostId: $hostId, amountHalalas: $amountHalalas) {\n      id\n      amount\n      status\n      gatewayReference\n    }\n  }\n"];
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
export function graphql(source: "\n  fragment InvoiceFields on BookingInvoice {\n    bookingId\n    serviceBookingId\n    invoiceNumber\n    issuedAt\n    currency\n    seller {\n      name\n      vatNumber\n      address\n      addressAr\n      contactEmail\n      contactPhone\n    }\n    kind\n    buyer {\n      name\n      email\n      companyName\n      vatNumber\n      crNumber\n      nationalAddress {\n        buildingNumber\n        street\n        district\n        city\n        postalCode\n        additionalNumber\n      }\n    }\n    lines {\n      description\n      period\n      quantity\n      unitPrice\n      amount\n    }\n    subtotal\n    vatRate\n    vat\n    total\n    cardBrand\n    cardLast4\n    startDate\n    endDate\n    qrPayload\n  }\n"): (typeof documents)["\n  fragment InvoiceFields on BookingInvoice {\n    bookingId\n    serviceBookingId\n    invoiceNumber\n    issuedAt\n    currency\n    seller {\n      name\n      vatNumber\n      address\n      addressAr\n      contactEmail\n      contactPhone\n    }\n    kind\n    buyer {\n      name\n      email\n      companyName\n      vatNumber\n      crNumber\n      nationalAddress {\n        buildingNumber\n        street\n        district\n        city\n        postalCode\n        additionalNumber\n      }\n    }\n    lines {\n      description\n      period\n      quantity\n      unitPrice\n      amount\n    }\n    subtotal\n    vatRate\n    vat\n    total\n    cardBrand\n    cardLast4\n    startDate\n    endDate\n    qrPayload\n  }\n"];
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
export function graphql(source: "\n  mutation SaveInvoiceCompany($input: ProfileInput!) {\n    updateProfile(input: $input) {\n      ...UserFields\n    }\n  }\n"): (typeof documents)["\n  mutation SaveInvoiceCompany($input: ProfileInput!) {\n    updateProfile(input: $input) {\n      ...UserFields\n    }\n  }\n"];
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
export function graphql(source: "\n  subscription ZatcaStatusUpdated {\n    zatcaStatusUpdated {\n      ...ZatcaStatusFields\n    }\n  }\n"): (typeof documents)["\n  subscription ZatcaStatusUpdated {\n    zatcaStatusUpdated {\n      ...ZatcaStatusFields\n    }\n  }\n"];
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
export function graphql(source: "\n  query Resource($id: ID!) {\n    resource(id: $id) {\n      ...ResourceCard_resource\n      ...ResourceChanges_resource\n      cancellationPolicy\n      openingHours {\n        weekday\n        opens\n        closes\n      }\n    }\n    resourceBusyRanges(resourceId: $id) {\n      startDate\n      endDate\n    }\n  }\n"): (typeof documents)["\n  query Resource($id: ID!) {\n    resource(id: $id) {\n      ...ResourceCard_resource\n      ...ResourceChanges_resource\n      cancellationPolicy\n      openingHours {\n        weekday\n        opens\n        closes\n      }\n    }\n    resourceBusyRanges(resourceId: $id) {\n      startDate\n      endDate\n    }\n  }\n"];
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
export function graphql(source: "\n  fragment BookingRow_booking on Booking {\n    id\n    resourceId\n    resourceTitle\n    resourceType\n    startDate\n    endDate\n    periods\n    totalAmount\n    vatAmount\n    totalWithVat\n    currency\n    status\n    paymentStatus\n    holdExpiresAt\n    createdAt\n    reviewed\n    cancellationPolicy\n    refundStatus\n    refundAmount\n  }\n"): (typeof documents)["\n  fragment BookingRow_booking on Booking {\n    id\n    resourceId\n    resourceTitle\n    resourceType\n    startDate\n    endDate\n    periods\n    totalAmount\n    vatAmount\n    totalWithVat\n    currency\n    status\n    paymentStatus\n    holdExpiresAt\n    createdAt\n    reviewed\n    cancellationPolicy\n    refundStatus\n    refundAmount\n  }\n"];
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
export function graphql(source: "\n  mutation CancelBooking($id: ID!) {\n    cancelBooking(id: $id) {\n      id\n      status\n      paymentStatus\n      refundStatus\n      refundAmount\n    }\n  }\n"): (typeof documents)["\n  mutation CancelBooking($id: ID!) {\n    cancelBooking(id: $id) {\n      id\n      status\n      paymentStatus\n      refundStatus\n      refundAmount\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query HostBookings {\n    bookings {\n      ...BookingRow_booking\n      userName\n    }\n  }\n"): (typeof documents)["\n  query HostBookings {\n    bookings {\n      ...BookingRow_booking\n      userName\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CancellationQuote($bookingId: String!) {\n    cancellationQuote(bookingId: $bookingId) {\n      bookingId\n      policy\n      cancelledBy\n      canCancel\n      paidAmount\n      refundAmount\n      keptAmount\n      currency\n    }\n  }\n"): (typeof documents)["\n  query CancellationQuote($bookingId: String!) {\n    cancellationQuote(bookingId: $bookingId) {\n      bookingId\n      policy\n      cancelledBy\n      canCancel\n      paidAmount\n      refundAmount\n      keptAmount\n      currency\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment MessageFields on Message {\n    id\n    conversationId\n    senderId\n    body\n    bookingId\n    createdAt\n  }\n"): (typeof documents)["\n  fragment MessageFields on Message {\n    id\n    conversationId\n    senderId\n    body\n    bookingId\n    createdAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ConversationFields on Conversation {\n    id\n    resourceId\n    resourceTitle\n    myRole\n    otherUserId\n    otherUserName\n    otherUserDeleted\n    bookingId\n    unreadCount\n    lastMessageAt\n    lastMessage {\n      ...MessageFields\n    }\n  }\n"): (typeof documents)["\n  fragment ConversationFields on Conversation {\n    id\n    resourceId\n    resourceTitle\n    myRole\n    otherUserId\n    otherUserName\n    otherUserDeleted\n    bookingId\n    unreadCount\n    lastMessageAt\n    lastMessage {\n      ...MessageFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyConversations {\n    myConversations(limit: 100) {\n      total\n      items {\n        ...ConversationFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query MyConversations {\n    myConversations(limit: 100) {\n      total\n      items {\n        ...ConversationFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Conversation($id: ID!) {\n    conversation(id: $id) {\n      ...ConversationFields\n    }\n  }\n"): (typeof documents)["\n  query Conversation($id: ID!) {\n    conversation(id: $id) {\n      ...ConversationFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConversationForResource($resourceId: ID!) {\n    conversationForResource(resourceId: $resourceId) {\n      id\n    }\n    resource(id: $resourceId) {\n      id\n      title\n      ownerId\n    }\n  }\n"): (typeof documents)["\n  query ConversationForResource($resourceId: ID!) {\n    conversationForResource(resourceId: $resourceId) {\n      id\n    }\n    resource(id: $resourceId) {\n      id\n      title\n      ownerId\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConversationMessages($id: ID!, $limit: Int) {\n    conversationMessages(id: $id, limit: $limit) {\n      total\n      items {\n        ...MessageFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query ConversationMessages($id: ID!, $limit: Int) {\n    conversationMessages(id: $id, limit: $limit) {\n      total\n      items {\n        ...MessageFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query UnreadMessagesCount {\n    unreadMessagesCount\n  }\n"): (typeof documents)["\n  query UnreadMessagesCount {\n    unreadMessagesCount\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation StartConversation($input: StartConversationInput!) {\n    startConversation(input: $input) {\n      created\n      conversation {\n        ...ConversationFields\n      }\n      message {\n        ...MessageFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation StartConversation($input: StartConversationInput!) {\n    startConversation(input: $input) {\n      created\n      conversation {\n        ...ConversationFields\n      }\n      message {\n        ...MessageFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SendMessage($conversationId: ID!, $body: String!) {\n    sendMessage(conversationId: $conversationId, body: $body) {\n      ...MessageFields\n    }\n  }\n"): (typeof documents)["\n  mutation SendMessage($conversationId: ID!, $body: String!) {\n    sendMessage(conversationId: $conversationId, body: $body) {\n      ...MessageFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MarkConversationRead($id: ID!) {\n    markConversationRead(id: $id) {\n      id\n      unreadCount\n    }\n  }\n"): (typeof documents)["\n  mutation MarkConversationRead($id: ID!) {\n    markConversationRead(id: $id) {\n      id\n      unreadCount\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription MessageAdded {\n    messageAdded {\n      ...MessageFields\n    }\n  }\n"): (typeof documents)["\n  subscription MessageAdded {\n    messageAdded {\n      ...MessageFields\n    }\n  }\n"];
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
export function graphql(source: "\n  fragment NotificationFields on NotificationItem {\n    id\n    kind\n    link\n    readAt\n    createdAt\n    params {\n      resourceTitle\n      otherName\n      reason\n      rating\n      status\n      service\n      serviceAr\n      expiresAt\n    }\n  }\n"): (typeof documents)["\n  fragment NotificationFields on NotificationItem {\n    id\n    kind\n    link\n    readAt\n    createdAt\n    params {\n      resourceTitle\n      otherName\n      reason\n      rating\n      status\n      service\n      serviceAr\n      expiresAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyNotifications($page: Int, $pageSize: Int) {\n    myNotifications(page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      unreadCount\n      items {\n        ...NotificationFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query MyNotifications($page: Int, $pageSize: Int) {\n    myNotifications(page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      unreadCount\n      items {\n        ...NotificationFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MarkNotificationsRead($ids: [ID!], $all: Boolean) {\n    markNotificationsRead(ids: $ids, all: $all)\n  }\n"): (typeof documents)["\n  mutation MarkNotificationsRead($ids: [ID!], $all: Boolean) {\n    markNotificationsRead(ids: $ids, all: $all)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query NotificationPreferences {\n    notificationPreferences {\n      kind\n      email\n    }\n  }\n"): (typeof documents)["\n  query NotificationPreferences {\n    notificationPreferences {\n      kind\n      email\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetNotificationPreferences($email: [NotificationPreferenceInput!]!) {\n    setNotificationPreferences(email: $email) {\n      kind\n      email\n    }\n  }\n"): (typeof documents)["\n  mutation SetNotificationPreferences($email: [NotificationPreferenceInput!]!) {\n    setNotificationPreferences(email: $email) {\n      kind\n      email\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription NotificationAdded {\n    notificationAdded {\n      ...NotificationFields\n    }\n  }\n"): (typeof documents)["\n  subscription NotificationAdded {\n    notificationAdded {\n      ...NotificationFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PaymentBooking on Booking {\n    id\n    resourceTitle\n    startDate\n    endDate\n    totalAmount\n    totalWithVat\n    status\n    paymentStatus\n    cancellationPolicy\n    resourceType\n  }\n"): (typeof documents)["\n  fragment PaymentBooking on Booking {\n    id\n    resourceTitle\n    startDate\n    endDate\n    totalAmount\n    totalWithVat\n    status\n    paymentStatus\n    cancellationPolicy\n    resourceType\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PaymentEligibility($bookingId: String!, $id: ID!) {\n    paymentEligibility(bookingId: $bookingId) {\n      canPay\n      reason\n      message\n      bookingId\n      resourceTitle\n      subtotal\n      vat\n      amount\n      currency\n      paymentMethod\n      testMode\n      testCards\n      directCard\n    }\n    booking(id: $id) {\n      ...PaymentBooking\n    }\n  }\n"): (typeof documents)["\n  query PaymentEligibility($bookingId: String!, $id: ID!) {\n    paymentEligibility(bookingId: $bookingId) {\n      canPay\n      reason\n      message\n      bookingId\n      resourceTitle\n      subtotal\n      vat\n      amount\n      currency\n      paymentMethod\n      testMode\n      testCards\n      directCard\n    }\n    booking(id: $id) {\n      ...PaymentBooking\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ServicePaymentEligibility($serviceBookingId: String!, $id: ID!) {\n    paymentEligibility(serviceBookingId: $serviceBookingId) {\n      canPay\n      reason\n      message\n      serviceBookingId\n      subtotal\n      vat\n      amount\n      currency\n      paymentMethod\n      testMode\n      testCards\n      directCard\n    }\n    serviceBooking(id: $id) {\n      id\n      serviceName\n      serviceNameAr\n      scheduledAt\n      status\n      paymentStatus\n      totalWithVat\n    }\n  }\n"): (typeof documents)["\n  query ServicePaymentEligibility($serviceBookingId: String!, $id: ID!) {\n    paymentEligibility(serviceBookingId: $serviceBookingId) {\n      canPay\n      reason\n      message\n      serviceBookingId\n      subtotal\n      vat\n      amount\n      currency\n      paymentMethod\n      testMode\n      testCards\n      directCard\n    }\n    serviceBooking(id: $id) {\n      id\n      serviceName\n      serviceNameAr\n      scheduledAt\n      status\n      paymentStatus\n      totalWithVat\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation StartPaymentSession($bookingId: String, $serviceBookingId: String) {\n    startPaymentSession(bookingId: $bookingId, serviceBookingId: $serviceBookingId) {\n      sessionId\n      countryCode\n      scriptUrl\n    }\n  }\n"): (typeof documents)["\n  mutation StartPaymentSession($bookingId: String, $serviceBookingId: String) {\n    startPaymentSession(bookingId: $bookingId, serviceBookingId: $serviceBookingId) {\n      sessionId\n      countryCode\n      scriptUrl\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ExecutePaymentSession($bookingId: String, $serviceBookingId: String, $sessionId: String!) {\n    executePaymentSession(bookingId: $bookingId, serviceBookingId: $serviceBookingId, sessionId: $sessionId) {\n      success\n      status\n      paymentUrl\n      paymentId\n      error\n    }\n  }\n"): (typeof documents)["\n  mutation ExecutePaymentSession($bookingId: String, $serviceBookingId: String, $sessionId: String!) {\n    executePaymentSession(bookingId: $bookingId, serviceBookingId: $serviceBookingId, sessionId: $sessionId) {\n      success\n      status\n      paymentUrl\n      paymentId\n      error\n    }\n  }\n"];
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
export function graphql(source: "\n  query PayoutAccount {\n    payoutAccount {\n      legalName\n      commercialRegistration\n      vatNumber\n      mobile\n      bank\n      iban\n      supplierStatus\n      supplierComment\n      documents {\n        id\n        name\n        type\n      }\n    }\n  }\n"): (typeof documents)["\n  query PayoutAccount {\n    payoutAccount {\n      legalName\n      commercialRegistration\n      vatNumber\n      mobile\n      bank\n      iban\n      supplierStatus\n      supplierComment\n      documents {\n        id\n        name\n        type\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query HostEarnings($from: String, $to: String, $page: Int, $pageSize: Int) {\n    hostEarnings(from: $from, to: $to, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      gross\n      commission\n      vatOnCommission\n      platformVat\n      refunded\n      net\n      pending\n      owed\n      paidOut\n      transferred\n      payouts {\n        id\n        amount\n        status\n        gatewayReference\n        transferType\n        createdAt\n        transferredAt\n      }\n      items {\n        paymentId\n        resourceTitle\n        paidAt\n        gross\n        commission\n        vatOnCommission\n        platformVat\n        refunded\n        net\n        status\n      }\n    }\n  }\n"): (typeof documents)["\n  query HostEarnings($from: String, $to: String, $page: Int, $pageSize: Int) {\n    hostEarnings(from: $from, to: $to, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      gross\n      commission\n      vatOnCommission\n      platformVat\n      refunded\n      net\n      pending\n      owed\n      paidOut\n      transferred\n      payouts {\n        id\n        amount\n        status\n        gatewayReference\n        transferType\n        createdAt\n        transferredAt\n      }\n      items {\n        paymentId\n        resourceTitle\n        paidAt\n        gross\n        commission\n        vatOnCommission\n        platformVat\n        refunded\n        net\n        status\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MarketplaceSettings {\n    marketplaceSettings {\n      commissionPercent\n      commissionFixed\n      byCategory {\n        category\n        commissionPercent\n        commissionFixed\n      }\n    }\n  }\n"): (typeof documents)["\n  query MarketplaceSettings {\n    marketplaceSettings {\n      commissionPercent\n      commissionFixed\n      byCategory {\n        category\n        commissionPercent\n        commissionFixed\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateMarketplaceSettings($input: MarketplaceSettingsInput!) {\n    updateMarketplaceSettings(input: $input) {\n      commissionPercent\n      commissionFixed\n      byCategory {\n        category\n        commissionPercent\n        commissionFixed\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateMarketplaceSettings($input: MarketplaceSettingsInput!) {\n    updateMarketplaceSettings(input: $input) {\n      commissionPercent\n      commissionFixed\n      byCategory {\n        category\n        commissionPercent\n        commissionFixed\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query HostCommissionInvoices {\n    hostCommissionInvoices {\n      id\n      invoiceNumber\n      month\n      subtotal\n      vat\n      total\n      zatcaXml\n    }\n  }\n"): (typeof documents)["\n  query HostCommissionInvoices {\n    hostCommissionInvoices {\n      id\n      invoiceNumber\n      month\n      subtotal\n      vat\n      total\n      zatcaXml\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query HostCommissionCreditNotes {\n    hostCommissionCreditNotes {\n      id\n      creditNoteNumber\n      originalInvoiceNumber\n      month\n      subtotal\n      vat\n      total\n      zatcaXml\n    }\n  }\n"): (typeof documents)["\n  query HostCommissionCreditNotes {\n    hostCommissionCreditNotes {\n      id\n      creditNoteNumber\n      originalInvoiceNumber\n      month\n      subtotal\n      vat\n      total\n      zatcaXml\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PlatformInfo {\n    platformInfo {\n      platformName\n      contactEmail\n      contactPhone\n      address\n      addressAr\n      vatNumber\n      businessHours\n      businessHoursAr\n    }\n  }\n"): (typeof documents)["\n  query PlatformInfo {\n    platformInfo {\n      platformName\n      contactEmail\n      contactPhone\n      address\n      addressAr\n      vatNumber\n      businessHours\n      businessHoursAr\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ReviewItem_review on Review {\n    id\n    rating\n    comment\n    authorName\n    reply\n    repliedAt\n    createdAt\n  }\n"): (typeof documents)["\n  fragment ReviewItem_review on Review {\n    id\n    rating\n    comment\n    authorName\n    reply\n    repliedAt\n    createdAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ResourceReviews($resourceId: ID!, $page: Int, $pageSize: Int) {\n    resourceReviews(resourceId: $resourceId, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...ReviewItem_review\n      }\n    }\n  }\n"): (typeof documents)["\n  query ResourceReviews($resourceId: ID!, $page: Int, $pageSize: Int) {\n    resourceReviews(resourceId: $resourceId, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...ReviewItem_review\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateReview($bookingId: ID!, $input: ReviewInput!) {\n    createReview(bookingId: $bookingId, input: $input) {\n      ...ReviewItem_review\n    }\n  }\n"): (typeof documents)["\n  mutation CreateReview($bookingId: ID!, $input: ReviewInput!) {\n    createReview(bookingId: $bookingId, input: $input) {\n      ...ReviewItem_review\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReplyToReview($reviewId: ID!, $text: String!) {\n    replyToReview(reviewId: $reviewId, text: $text) {\n      ...ReviewItem_review\n    }\n  }\n"): (typeof documents)["\n  mutation ReplyToReview($reviewId: ID!, $text: String!) {\n    replyToReview(reviewId: $reviewId, text: $text) {\n      ...ReviewItem_review\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminReviews($page: Int, $pageSize: Int) {\n    adminReviews(page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...ReviewItem_review\n        resourceId\n        resourceTitle\n        hidden\n        hiddenReason\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminReviews($page: Int, $pageSize: Int) {\n    adminReviews(page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...ReviewItem_review\n        resourceId\n        resourceTitle\n        hidden\n        hiddenReason\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation HideReview($reviewId: ID!, $reason: String!) {\n    hideReview(reviewId: $reviewId, reason: $reason) {\n      id\n      hidden\n      hiddenReason\n    }\n  }\n"): (typeof documents)["\n  mutation HideReview($reviewId: ID!, $reason: String!) {\n    hideReview(reviewId: $reviewId, reason: $reason) {\n      id\n      hidden\n      hiddenReason\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CustomerRating($bookingId: ID!) {\n    customerRating(bookingId: $bookingId) {\n      average\n      count\n      myRating\n      myNote\n    }\n  }\n"): (typeof documents)["\n  query CustomerRating($bookingId: ID!) {\n    customerRating(bookingId: $bookingId) {\n      average\n      count\n      myRating\n      myNote\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RateCustomer($bookingId: ID!, $input: CustomerRatingInput!) {\n    rateCustomer(bookingId: $bookingId, input: $input) {\n      average\n      count\n      myRating\n      myNote\n    }\n  }\n"): (typeof documents)["\n  mutation RateCustomer($bookingId: ID!, $input: CustomerRatingInput!) {\n    rateCustomer(bookingId: $bookingId, input: $input) {\n      average\n      count\n      myRating\n      myNote\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ServiceBookingFields on ServiceBooking {\n    id\n    serviceId\n    serviceName\n    serviceNameAr\n    status\n    paymentStatus\n    preferredDate\n    preferredTime\n    contactNumber\n    requirements\n    price\n    vatAmount\n    totalWithVat\n    scheduledAt\n    cancelReason\n    paymentMethod\n    userName\n    userEmail\n    createdAt\n    changeableUntil\n    advisorId\n    advisorName\n  }\n"): (typeof documents)["\n  fragment ServiceBookingFields on ServiceBooking {\n    id\n    serviceId\n    serviceName\n    serviceNameAr\n    status\n    paymentStatus\n    preferredDate\n    preferredTime\n    contactNumber\n    requirements\n    price\n    vatAmount\n    totalWithVat\n    scheduledAt\n    cancelReason\n    paymentMethod\n    userName\n    userEmail\n    createdAt\n    changeableUntil\n    advisorId\n    advisorName\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ServiceSlots($serviceId: String!, $advisorId: ID) {\n    serviceSlots(serviceId: $serviceId, advisorId: $advisorId) {\n      hasAdvisors\n      slotMinutes\n      advisors {\n        id\n        displayName\n      }\n      slots {\n        date\n        time\n        advisorIds\n      }\n    }\n  }\n"): (typeof documents)["\n  query ServiceSlots($serviceId: String!, $advisorId: ID) {\n    serviceSlots(serviceId: $serviceId, advisorId: $advisorId) {\n      hasAdvisors\n      slotMinutes\n      advisors {\n        id\n        displayName\n      }\n      slots {\n        date\n        time\n        advisorIds\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminAdvisors($serviceId: String) {\n    advisors(serviceId: $serviceId) {\n      id\n      displayName\n      active\n      languages\n    }\n  }\n"): (typeof documents)["\n  query AdminAdvisors($serviceId: String) {\n    advisors(serviceId: $serviceId) {\n      id\n      displayName\n      active\n      languages\n    }\n  }\n"];
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
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ServiceBookingSummary($id: ID!) {\n    serviceBooking(id: $id) {\n      id\n      serviceName\n      serviceNameAr\n      scheduledAt\n      totalWithVat\n      paymentStatus\n    }\n  }\n"): (typeof documents)["\n  query ServiceBookingSummary($id: ID!) {\n    serviceBooking(id: $id) {\n      id\n      serviceName\n      serviceNameAr\n      scheduledAt\n      totalWithVat\n      paymentStatus\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdvisorFields on Advisor {\n    id\n    displayName\n    userEmail\n    serviceIds\n    languages\n    active\n    daysOff\n  }\n"): (typeof documents)["\n  fragment AdvisorFields on Advisor {\n    id\n    displayName\n    userEmail\n    serviceIds\n    languages\n    active\n    daysOff\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdvisorsList {\n    advisors {\n      ...AdvisorFields\n    }\n  }\n"): (typeof documents)["\n  query AdvisorsList {\n    advisors {\n      ...AdvisorFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateAdvisor($input: AdvisorInput!) {\n    createAdvisor(input: $input) {\n      ...AdvisorFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateAdvisor($input: AdvisorInput!) {\n    createAdvisor(input: $input) {\n      ...AdvisorFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateAdvisor($id: ID!, $input: AdvisorInput!) {\n    updateAdvisor(id: $id, input: $input) {\n      ...AdvisorFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateAdvisor($id: ID!, $input: AdvisorInput!) {\n    updateAdvisor(id: $id, input: $input) {\n      ...AdvisorFields\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;