import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate } from 'react-router-dom';
import { Center, Spinner } from '@chakra-ui/react';
import { Layout } from '../components/layout/Layout';
import { paths } from '../config/paths';
import { NonAdminOnly, RequireAdmin, RequireAuth, RequireHost } from './guards';
import HomePage from './routes/Home';
import PlaceholderPage, { NotFoundPage } from './routes/Placeholder';

// Only the home page is in the first download; every other page is a chunk loaded when it is opened.
const LoginPage = lazy(() => import('./routes/Login'));
const DashboardPage = lazy(() => import('./routes/Dashboard'));
const VerifyEmailPage = lazy(() => import('./routes/VerifyEmail'));
const PaymentPage = lazy(() => import('./routes/Payment'));
const PaymentSuccessPage = lazy(() => import('./routes/Payment').then((m) => ({ default: m.PaymentSuccessPage })));
const PaymentErrorPage = lazy(() => import('./routes/Payment').then((m) => ({ default: m.PaymentErrorPage })));
const AboutPage = lazy(() => import('./routes/About'));
const ServicesPage = lazy(() => import('./routes/Services'));
const ServiceDetailPage = lazy(() => import('./routes/ServiceDetail'));
const ContactPage = lazy(() => import('./routes/Contact'));
const LegalPage = lazy(() => import('./routes/Legal'));
const LegalTopicPage = lazy(() => import('./routes/LegalTopic'));
const LegalConsultationPage = lazy(() => import('./routes/LegalConsultation'));
const PolicyPage = lazy(() => import('./routes/Policy'));
const NewsletterUnsubscribePage = lazy(() => import('./routes/NewsletterUnsubscribe'));
const AdminInquiriesPage = lazy(() => import('./routes/AdminInquiries'));
const ResourcesPage = lazy(() => import('./routes/Resources'));
const ResourceDetailPage = lazy(() => import('./routes/ResourceDetail'));
const ListResourcePage = lazy(() => import('./routes/ListResource'));
const MyResourcesPage = lazy(() => import('./routes/MyResources'));
const MyBookingsPage = lazy(() => import('./routes/MyBookings'));
const AdminResourcesPage = lazy(() => import('./routes/AdminResources'));
const AdminDashboardPage = lazy(() => import('./routes/AdminDashboard'));
const AdminUsersPage = lazy(() => import('./routes/AdminUsers'));
const AdminSettingsPage = lazy(() => import('./routes/AdminSettings'));
const AdminAuditPage = lazy(() => import('./routes/AdminAudit'));
const HostBookingsPage = lazy(() => import('./routes/HostBookings'));
const InvoicePage = lazy(() => import('./routes/Invoice'));
const AdminAnalyticsPage = lazy(() => import('./routes/AdminAnalytics'));

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
const soon = (titleKey: string) => <PlaceholderPage titleKey={titleKey} />;

/** Route table with the guards of spec section 6. */
export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      { path: paths.home, element: <HomePage /> },
      { path: paths.about, element: page(<AboutPage />) },
      { path: paths.services, element: page(<ServicesPage />) },
      { path: '/services/:id', element: page(<ServiceDetailPage />) },
      { path: paths.contact, element: page(<ContactPage />) },
      { path: paths.resources, element: page(<ResourcesPage />) },
      { path: paths.listResource, element: <RequireHost purpose="list">{page(<ListResourcePage />)}</RequireHost> },
      { path: paths.myResources, element: <RequireHost purpose="manage">{page(<MyResourcesPage />)}</RequireHost> },
      { path: paths.resourceBookings, element: <RequireHost purpose="manage">{page(<HostBookingsPage />)}</RequireHost> },
      { path: paths.resourceAnalytics, element: <RequireHost purpose="manage">{soon('pages.myResources')}</RequireHost> },
      { path: '/resources/:id', element: page(<ResourceDetailPage />) },
      { path: paths.bookings, element: <RequireAuth>{page(<MyBookingsPage />)}</RequireAuth> },
      { path: paths.myBookings, element: <RequireAuth>{page(<MyBookingsPage />)}</RequireAuth> },
      { path: paths.legal, element: page(<LegalPage />) },
      { path: paths.legalCorporate, element: page(<LegalTopicPage topic="corporate-law" />) },
      { path: paths.legalContracts, element: page(<LegalTopicPage topic="contract-review" />) },
      { path: paths.legalCompliance, element: page(<LegalTopicPage topic="compliance" />) },
      { path: paths.legalConsultation, element: page(<LegalConsultationPage />) },
      { path: '/legal/corporate', element: <Navigate to={paths.legalCorporate} replace /> },
      { path: '/legal/contracts', element: <Navigate to={paths.legalContracts} replace /> },
      { path: '/legal/consultation', element: <Navigate to={paths.legalConsultation} replace /> },
      { path: paths.login, element: page(<LoginPage />) },
      { path: paths.dashboard, element: <RequireAuth><NonAdminOnly>{page(<DashboardPage />)}</NonAdminOnly></RequireAuth> },
      { path: paths.admin, element: <RequireAdmin>{page(<AdminDashboardPage />)}</RequireAdmin> },
      { path: paths.adminAnalytics, element: <RequireAdmin>{page(<AdminAnalyticsPage />)}</RequireAdmin> },
      { path: paths.adminResources, element: <RequireAdmin>{page(<AdminResourcesPage />)}</RequireAdmin> },
      { path: paths.adminUsers, element: <RequireAdmin>{page(<AdminUsersPage />)}</RequireAdmin> },
      { path: paths.adminInquiries, element: <RequireAdmin>{page(<AdminInquiriesPage />)}</RequireAdmin> },
      { path: paths.adminSettings, element: <RequireAdmin nonAdminTo={paths.login}>{page(<AdminSettingsPage />)}</RequireAdmin> },
      { path: paths.checkout, element: <RequireAuth>{page(<PaymentPage />)}</RequireAuth> },
      { path: paths.paymentSuccess, element: <RequireAuth>{page(<PaymentSuccessPage />)}</RequireAuth> },
      { path: '/bookings/:bookingId/invoice', element: <RequireAuth>{page(<InvoicePage />)}</RequireAuth> },
      { path: paths.paymentError, element: <RequireAuth>{page(<PaymentErrorPage />)}</RequireAuth> },
      { path: '/payment/:bookingId', element: <RequireAuth>{page(<PaymentPage key="by-id" />)}</RequireAuth> },
      { path: paths.adminAudit, element: <RequireAdmin>{page(<AdminAuditPage />)}</RequireAdmin> },
      { path: paths.verifyEmail, element: page(<VerifyEmailPage />) },
      { path: paths.privacy, element: page(<PolicyPage doc="privacy" />) },
      { path: paths.terms, element: page(<PolicyPage doc="terms" />) },
      { path: paths.cookies, element: page(<PolicyPage doc="cookies" />) },
      { path: paths.newsletterUnsubscribe, element: page(<NewsletterUnsubscribePage />) },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
