import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { Box, Button, Card, Container, Heading, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { CircleAlert, CircleCheck, Clock, Mail } from 'lucide-react';
import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { VerifyEmailMutation } from '../../features/auth/operations';
import { ResendVerificationButton } from '../../features/auth/ResendVerificationButton';
import { useAuth } from '../../lib/auth';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../components/ui/toaster';
import { paths } from '../../config/paths';

type View = 'loading' | 'success' | 'error' | 'expired' | 'pending';

function Panel({ icon, title, children, testId }: { icon: ReactNode; title: string; children: ReactNode; testId: string }) {
  return (
    <Container maxW="lg" py="16">
      <Card.Root data-testid={testId}>
        <Card.Body>
          <Stack gap="4" align="center" textAlign="center">
            <Box color="teal.600" aria-hidden>
              {icon}
            </Box>
            <Heading as="h1" size="xl">
              {title}
            </Heading>
            {children}
          </Stack>
        </Card.Body>
      </Card.Root>
    </Container>
  );
}

export default function VerifyEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const { isAuthenticated, loading: checking, user, updateUser } = useAuth();
  const [view, setView] = useState<View>(token ? 'loading' : 'pending');
  const [message, setMessage] = useState('');
  const [verify] = useMutation(VerifyEmailMutation);
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    verify({ variables: { token } })
      .then(({ data }) => {
        if (data && isAuthenticated && user?.id === data.verifyEmail.id) updateUser(data.verifyEmail);
        setView('success');
        notify.success(t('verify.successToast'));
      })
      .catch((err) => {
        const msg = errorMessage(err, t('verify.errorDefault'));
        const raw = err?.errors?.[0]?.message ?? msg;
        setMessage(msg);
        setView(/expired/i.test(raw) ? 'expired' : 'error');
      });
  }, [token]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (view !== 'success') return;
    const timer = setTimeout(() => navigate(paths.dashboard), 3000);
    return () => clearTimeout(timer);
  }, [view, navigate]);

  const backToLogin = (
    <Link asChild colorPalette="teal" fontSize="sm">
      <RouterLink to={paths.login}>{t('verify.backToLogin')}</RouterLink>
    </Link>
  );

  if (view === 'pending') {
    if (checking) return <Panel icon={<Spinner size="xl" />} title={t('common.loading')} testId="verify-loading" children={null} />;
    if (!isAuthenticated) return <Navigate to={paths.login} replace />;
    if (user?.emailVerified)
      return (
        <Panel icon={<CircleCheck size={48} />} title={t('verify.successTitle')} testId="verify-success">
          <Button asChild colorPalette="teal">
            <RouterLink to={paths.dashboard}>{t('verify.continue')}</RouterLink>
          </Button>
        </Panel>
      );
    return (
      <Panel icon={<Mail size={48} />} title={t('verify.pendingTitle')} testId="verify-pending">
        <Text color="gray.600">{t('verify.pendingText', { email: user?.email })}</Text>
        <ResendVerificationButton label={t('verify.resend')} successKey="verify.sent" />
        {backToLogin}
      </Panel>
    );
  }
  if (view === 'loading')
    return <Panel icon={<Spinner size="xl" />} title={t('verify.loadingTitle')} testId="verify-loading" children={null} />;
  if (view === 'success')
    return (
      <Panel icon={<CircleCheck size={48} />} title={t('verify.successTitle')} testId="verify-success">
        <Text color="gray.600">{t('verify.successText')}</Text>
        <Button asChild colorPalette="teal">
          <RouterLink to={paths.dashboard}>{t('verify.continue')}</RouterLink>
        </Button>
      </Panel>
    );
  return (
    <Panel
      icon={view === 'expired' ? <Clock size={48} /> : <CircleAlert size={48} color="var(--chakra-colors-red-600)" />}
      title={t(view === 'expired' ? 'verify.expiredTitle' : 'verify.errorTitle')}
      testId={`verify-${view}`}
    >
      <Text color="gray.600" role="alert">
        {view === 'expired' ? t('verify.expiredText') : message}
      </Text>
      {isAuthenticated && !user?.emailVerified && <ResendVerificationButton label={t('verify.sendNew')} />}
      {backToLogin}
    </Panel>
  );
}
