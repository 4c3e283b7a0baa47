import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Center } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../lib/auth';
import { notify } from '../components/ui/toaster';
import { paths } from '../config/paths';
import { LoadingSpinner } from '../components/ui/loading-spinner';

export function Checking() {
  return (
    <Center py="24">
      <LoadingSpinner size="lg" />
    </Center>
  );
}

/** Shows a toast once, then redirects. */
function Redirect({ to, message }: { to: string; message?: string }) {
  const shown = useRef(false);
  useEffect(() => {
    if (message && !shown.current) {
      shown.current = true;
      notify.error(message);
    }
  }, [message]);
  return <Navigate to={to} replace />;
}

/** Unauthenticated users go to /login (spec section 6). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isAuthenticated, loading } = useAuth();
  const location = useLocation();
  if (loading) return <Checking />;
  if (!isAuthenticated) return <Navigate to={paths.login} replace state={{ from: location.pathname + location.search }} />;
  return <>{children}</>;
}

/** Listing and my-resources need host_seller or admin; otherwise a message and /resources. */
export function RequireHost({ children, purpose }: { children: ReactNode; purpose: 'list' | 'manage' }) {
  const { isHost } = useAuth();
  const { t } = useTranslation();
  return (
    <RequireAuth>
      {isHost ? children : <Redirect to={paths.resources} message={t(purpose === 'list' ? 'guards.hostToList' : 'guards.hostToManage')} />}
    </RequireAuth>
  );
}

/** Admin pages need admin; otherwise 'Admin access required' and /. Settings sends non-admins to /login. */
export function RequireAdmin({ children, nonAdminTo = paths.home }: { children: ReactNode; nonAdminTo?: string }) {
  const { isAdmin } = useAuth();
  const { t } = useTranslation();
  return <RequireAuth>{isAdmin ? children : <Redirect to={nonAdminTo} message={t('guards.adminRequired')} />}</RequireAuth>;
}

/** /dashboard sends admins to /admin. */
export function NonAdminOnly({ children }: { children: ReactNode }) {
  const { isAdmin } = useAuth();
  return isAdmin ? <Navigate to={paths.admin} replace /> : <>{children}</>;
}
