import { Suspense, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { Center, Spinner } from '@chakra-ui/react';
import { Layout } from '../components/layout/Layout';
import { paths } from '../config/paths';
import { lazyPage, type LazyPage } from './lazy-page';
import { NonAdminOnly, RequireAdmin, RequireAuth, RequireHost } from './guards';
import HomePage from './routes/Home';
import { NotFoundPage } from './routes/Placeholder';

// Only the home page is in the first download; every other page is a chunk loaded when it is opened.
const LoginPage = lazyPage(() => import('./routes/Login'));
const DashboardPage = lazyPage(() => import('./routes/Dashboard'));
const VerifyEmailPage = lazyPage(() => import('./routes/VerifyEmail'));
const ForgotPasswordPage = lazyPage(() => import('./routes/ForgotPassword'));
const ResetPasswordPage = lazyPage(() => import('./routes/ResetPassword'));
const ConfirmEmailPage = lazyPage(() => import('./routes/ConfirmEmail'));
const PaymentPage = lazyPage(() => import('./routes/Payment'));
const PaymentSuccessPage = lazyPage(() => import('./routes/Payment').then((m) => ({ default: m.PaymentSuccessPage })));
const PaymentErrorPage = lazyPage(() => import('./routes/Payment').then((m) => ({ default: m.PaymentErrorPage })));
const PaymentTestGatewayPage = lazyPage(() => import('./routes/PaymentTestGateway'));
const AboutPage = lazyPage(() => import('./routes/About'));
const ServicesPage = lazyPage(() => import('./routes/Services'));
const ServiceDetailPage = lazyPage(() => import('./routes/ServiceDetail'));
const ContactPage = lazyPage(() => import('./routes/Contact'));
const LegalPage = lazyPage(() => import('./routes/Legal'));
const LegalTopicPage = lazyPage(() => import('./routes/LegalTopic'));
const LegalConsultationPage = lazyPage(() => import('./routes/LegalConsultation'));
const PolicyPage = lazyPage(() => import('./routes/Policy'));
const NewsletterUnsubscribePage = lazyPage(() => import('./routes/NewsletterUnsubscribe'));
const NewsletterConfirmPage = lazyPage(() => import('./routes/NewsletterConfirm'));
const AdminInquiriesPage = lazyPage(() => import('./routes/AdminInquiries'));
const AdminServiceBookingsPage = lazyPage(() => import('./routes/AdminServiceBookings'));
const AdminAdvisorsPage = lazyPage(() => import('./routes/AdminAdvisors'));
const ServiceBookingPaymentPage = lazyPage(() => import('./routes/ServiceBookingPayment'));
const ResourcesPage = lazyPage(() => import('./routes/Resources'));
const ResourceDetailPage = lazyPage(() => import('./routes/ResourceDetail'));
const ListResourcePage = lazyPage(() => import('./routes/ListResource'));
const MyResourcesPage = lazyPage(() => import('./routes/MyResources'));
const HostAnalyticsPage = lazyPage(() => import('./routes/HostAnalytics'));
const ResourceAvailabilityPage = lazyPage(() => import('./routes/ResourceAvailability'));
const MyBookingsPage = lazyPage(() => import('./routes/MyBookings'));
const MessagesPage = lazyPage(() => import('./routes/Messages'));
const FavoritesPage = lazyPage(() => import('./routes/Favorites'));
const NotificationsPage = lazyPage(() => import('./routes/Notifications'));
const AdminResourcesPage = lazyPage(() => import('./routes/AdminResources'));
const AdminDashboardPage = lazyPage(() => import('./routes/AdminDashboard'));
const AdminUsersPage = lazyPage(() => import('./routes/AdminUsers'));
const AdminSettingsPage = lazyPage(() => import('./routes/AdminSettings'));
const AdminAuditPage = lazyPage(() => import('./routes/AdminAudit'));
const AdminPaymentsPage = lazyPage(() => import('./routes/AdminPayments'));
const AdminReviewsPage = lazyPage(() => import('./routes/AdminReviews'));
const HostBookingsPage = lazyPage(() => import('./routes/HostBookings'));
const EarningsPage = lazyPage(() => import('./routes/Earnings'));
const InvoicePage = lazyPage(() => import('./routes/Invoice'));
const AdminAnalyticsPage = lazyPage(() => import('./routes/AdminAnalytics'));

const page = (node: ReactNode) => (
  <Suspense
    fallback={
      <Center py="24">
        <Spinner size="lg" />
      </Center>
    }
  >
    {node}
  </Suspense>
);

/** What a route's `handle` says: drawn on the server for visitors, and the code to fetch before taking it over. */
export interface RouteHandle {
  ssr: true;
  preload?: () => Promise<unknown>;
}
/** A public page: the server draws it for visitors (entry-server.tsx); the browser fetches its code, then adopts it. */
function publicPage<P extends object>(path: string, Page: LazyPage<P>, props: NoInfer<P> = {} as P): RouteObject {
  const handle: RouteHandle = { ssr: true, preload: Page.preload };
  return { path, element: page(<Page {...props} />), handle };
}

/** Route table with the guards of spec section 6 (the browser's router in router.tsx, the server's in entry-server.tsx). */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: paths.home, element: <HomePage />, handle: { ssr: true } satisfies RouteHandle },
      publicPage(paths.about, AboutPage),
      publicPage(paths.services, ServicesPage),
      publicPage('/services/:id', ServiceDetailPage),
      publicPage(paths.contact, ContactPage),
      publicPage(paths.resources, ResourcesPage),
      { path: paths.listResource, element: <RequireHost purpose="list">{page(<ListResourcePage />)}</RequireHost> },
      { path: paths.myResources, element: <RequireHost purpose="manage">{page(<MyResourcesPage />)}</RequireHost> },
      { path: paths.resourceBookings, element: <RequireHost purpose="manage">{page(<HostBookingsPage />)}</RequireHost> },
      { path: paths.earnings, element: <RequireHost purpose="manage">{page(<EarningsPage />)}</RequireHost> },
      { path: paths.resourceAnalytics, element: <RequireHost purpose="manage">{page(<HostAnalyticsPage />)}</RequireHost> },
      {
        path: paths.resourceAvailability(':id'),
        element: <RequireHost purpose="manage">{page(<ResourceAvailabilityPage />)}</RequireHost>,
      },
      publicPage('/resources/:id', ResourceDetailPage),
      { path: paths.bookings, element: <RequireAuth>{page(<MyBookingsPage />)}</RequireAuth> },
      { path: paths.myBookings, element: <RequireAuth>{page(<MyBookingsPage />)}</RequireAuth> },
      { path: paths.messages, element: <RequireAuth>{page(<MessagesPage />)}</RequireAuth> },
      { path: paths.favorites, element: <RequireAuth>{page(<FavoritesPage />)}</RequireAuth> },
      { path: paths.notifications, element: <RequireAuth>{page(<NotificationsPage />)}</RequireAuth> },
      { path: `${paths.messages}/:id`, element: <RequireAuth>{page(<MessagesPage />)}</RequireAuth> },
      publicPage(paths.legal, LegalPage),
      publicPage(paths.legalCorporate, LegalTopicPage, { topic: 'corporate-law' }),
      publicPage(paths.legalContracts, LegalTopicPage, { topic: 'contract-review' }),
      publicPage(paths.legalCompliance, LegalTopicPage, { topic: 'compliance' }),
      publicPage(paths.legalConsultation, LegalConsultationPage),
      { path: '/legal/corporate', element: <Navigate to={paths.legalCorporate} replace /> },
      { path: '/legal/contracts', element: <Navigate to={paths.legalContracts} replace /> },
      { path: '/legal/consultation', element: <Navigate to={paths.legalConsultation} replace /> },
      { path: paths.login, element: page(<LoginPage />) },
      {
        path: paths.dashboard,
        element: (
          <RequireAuth>
            <NonAdminOnly>{page(<DashboardPage />)}</NonAdminOnly>
          </RequireAuth>
        ),
      },
      { path: paths.admin, element: <RequireAdmin>{page(<AdminDashboardPage />)}</RequireAdmin> },
      { path: paths.adminAnalytics, element: <RequireAdmin>{page(<AdminAnalyticsPage />)}</RequireAdmin> },
      { path: paths.adminResources, element: <RequireAdmin>{page(<AdminResourcesPage />)}</RequireAdmin> },
      { path: paths.adminUsers, element: <RequireAdmin>{page(<AdminUsersPage />)}</RequireAdmin> },
      { path: paths.adminInquiries, element: <RequireAdmin>{page(<AdminInquiriesPage />)}</RequireAdmin> },
      { path: paths.adminServiceBookings, element: <RequireAdmin>{page(<AdminServiceBookingsPage />)}</RequireAdmin> },
      { path: paths.adminAdvisors, element: <RequireAdmin>{page(<AdminAdvisorsPage />)}</RequireAdmin> },
      { path: paths.adminSettings, element: <RequireAdmin nonAdminTo={paths.login}>{page(<AdminSettingsPage />)}</RequireAdmin> },
      { path: paths.checkout, element: <RequireAuth>{page(<PaymentPage />)}</RequireAuth> },
      { path: paths.paymentSuccess, element: <RequireAuth>{page(<PaymentSuccessPage />)}</RequireAuth> },
      { path: '/bookings/:bookingId/invoice', element: <RequireAuth>{page(<InvoicePage />)}</RequireAuth> },
      { path: paths.serviceInvoice(':serviceBookingId'), element: <RequireAuth>{page(<InvoicePage key="service" />)}</RequireAuth> },
      { path: paths.paymentError, element: <RequireAuth>{page(<PaymentErrorPage />)}</RequireAuth> },
      { path: paths.paymentTestGateway(':invoiceId'), element: <RequireAuth>{page(<PaymentTestGatewayPage />)}</RequireAuth> },
      { path: paths.payServiceBooking(':serviceBookingId'), element: <RequireAuth>{page(<ServiceBookingPaymentPage />)}</RequireAuth> },
      { path: '/payment/:bookingId', element: <RequireAuth>{page(<PaymentPage key="by-id" />)}</RequireAuth> },
      { path: paths.adminAudit, element: <RequireAdmin>{page(<AdminAuditPage />)}</RequireAdmin> },
      { path: paths.adminPayments, element: <RequireAdmin>{page(<AdminPaymentsPage />)}</RequireAdmin> },
      { path: paths.adminReviews, element: <RequireAdmin>{page(<AdminReviewsPage />)}</RequireAdmin> },
      { path: paths.verifyEmail, element: page(<VerifyEmailPage />) },
      { path: paths.forgotPassword, element: page(<ForgotPasswordPage />) },
      { path: paths.resetPassword, element: page(<ResetPasswordPage />) },
      { path: paths.confirmEmail, element: page(<ConfirmEmailPage />) },
      publicPage(paths.privacy, PolicyPage, { doc: 'privacy' }),
      publicPage(paths.terms, PolicyPage, { doc: 'terms' }),
      publicPage(paths.cookies, PolicyPage, { doc: 'cookies' }),
      { path: paths.newsletterUnsubscribe, element: page(<NewsletterUnsubscribePage />) },
      { path: paths.newsletterConfirm, element: page(<NewsletterConfirmPage />) },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
