import { useState, type FormEvent } from 'react';
import { Link as RouterLink, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { Box, Button, Card, Checkbox, Container, Field, Heading, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { LIMITS, MESSAGES, PRIVACY_POLICY_VERSION } from '@shared/rules';
import { LoginMutation, RegisterMutation } from '../../features/auth/operations';
import { useAuth } from '../../lib/auth';
import { notify } from '../../components/ui/toaster';
import { errorMessage, translateServerMessage } from '../../lib/errors';
import { paths } from '../../config/paths';
import { Checking } from '../guards';

type Mode = 'login' | 'register';

export default function LoginPage() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const { isAuthenticated, isAdmin, loading: checking, signIn } = useAuth();
  const [mode, setMode] = useState<Mode>((location.state as { mode?: Mode } | null)?.mode ?? 'login');
  const [form, setForm] = useState({ email: '', password: '', fullName: '', companyName: '', host: false });
  const [error, setError] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const [login, loginState] = useMutation(LoginMutation);
  const [register, registerState] = useMutation(RegisterMutation);
  // Switching between logging in and registering clears the other form's error.
  const switchMode = (next: Mode) => {
    setMode(next);
    setError(null);
  };

  // An authenticated visitor does not need this page (decision: admins to /admin, others to /dashboard).
  if (isAuthenticated && !checking && !redirecting) return <Navigate to={isAdmin ? paths.admin : paths.dashboard} replace />;
  // A stored session is still being checked: wait rather than flash a form the visitor may not need.
  if (checking && !redirecting) return <Checking />;

  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));

  async function onLogin(e: FormEvent) {
    e.preventDefault();
    if (!form.email.trim() || !form.password) return setError(translateServerMessage(MESSAGES.requiredFields));
    try {
      const { data } = await login({ variables: { input: { email: form.email, password: form.password } } });
      if (!data) return;
      setRedirecting(true);
      signIn(data.login.accessToken, data.login.user);
      notify.success(t('auth.loginSuccess'));
      const from = (location.state as { from?: string } | null)?.from;
      const target = data.login.user.role === 'admin' ? paths.admin : from && from !== paths.login ? from : paths.dashboard;
      setTimeout(() => navigate(target, { replace: true }), 500);
    } catch (err) {
      setError(errorMessage(err, t('auth.loginFailed')));
      notify.error(t('auth.loginFailedToast'));
    }
  }

  async function onRegister(e: FormEvent) {
    e.preventDefault();
    if (!form.email.trim() || !form.password || !form.fullName.trim()) return setError(translateServerMessage(MESSAGES.requiredFields));
    try {
      const { data } = await register({
        variables: {
          input: {
            email: form.email,
            password: form.password,
            fullName: form.fullName,
            companyName: form.companyName || null,
            accountType: form.host ? 'host_seller' : 'regular',
            locale: i18n.language,
            privacyPolicyVersion: PRIVACY_POLICY_VERSION,
          },
        },
      });
      if (!data) return;
      setRedirecting(true);
      signIn(data.register.accessToken, data.register.user);
      notify.success(t('auth.registerSuccess'), { duration: 5000 });
      // Decision: the new user is signed in and lands on the "Check Your Email" view after 1 s.
      setTimeout(() => navigate(paths.verifyEmail, { replace: true }), 1000);
    } catch (err) {
      setError(errorMessage(err, t('auth.registerFailed')));
      notify.error(t('auth.registerFailedToast'));
    }
  }

  const isLogin = mode === 'login';
  const busy = loginState.loading || registerState.loading || redirecting;

  return (
    <Container maxW="md" py={{ base: '10', md: '16' }}>
      <Card.Root>
        <Card.Body>
          <Stack gap="6">
            <Box textAlign="center">
              <Heading as="h1" size="2xl">
                {t(isLogin ? 'auth.loginTitle' : 'auth.registerTitle')}
              </Heading>
              <Text color="gray.600" mt="2">
                {t(isLogin ? 'auth.loginSubtitle' : 'auth.registerSubtitle')}
              </Text>
            </Box>
            <form onSubmit={isLogin ? onLogin : onRegister} noValidate>
              <Stack gap="4">
                {!isLogin && (
                  <Field.Root required>
                    <Field.Label>
                      {t('common.fullName')} <Field.RequiredIndicator />
                    </Field.Label>
                    <Input value={form.fullName} onChange={set('fullName')} autoComplete="name" maxLength={LIMITS.nameMax} />
                  </Field.Root>
                )}
                <Field.Root required>
                  <Field.Label>
                    {t('common.email')} <Field.RequiredIndicator />
                  </Field.Label>
                  <Input type="email" value={form.email} onChange={set('email')} autoComplete="email" dir="ltr" />
                </Field.Root>
                <Field.Root required>
                  <Field.Label>
                    {t('common.password')} <Field.RequiredIndicator />
                  </Field.Label>
                  <Input
                    type="password"
                    value={form.password}
                    onChange={set('password')}
                    autoComplete={isLogin ? 'current-password' : 'new-password'}
                    dir="ltr"
                  />
                  {!isLogin && <Field.HelperText>{t('auth.passwordHint')}</Field.HelperText>}
                </Field.Root>
                {isLogin && (
                  <Link asChild colorPalette="teal" fontSize="sm" alignSelf="flex-end">
                    <RouterLink to={paths.forgotPassword}>{t('account.forgotLink')}</RouterLink>
                  </Link>
                )}
                {!isLogin && (
                  <>
                    <Field.Root>
                      <Field.Label>
                        {t('common.companyName')} ({t('common.optional')})
                      </Field.Label>
                      <Input
                        value={form.companyName}
                        onChange={set('companyName')}
                        autoComplete="organization"
                        maxLength={LIMITS.companyMax}
                      />
                    </Field.Root>
                    <Checkbox.Root checked={form.host} onCheckedChange={(e) => setForm((f) => ({ ...f, host: !!e.checked }))}>
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>{t('auth.hostAccount')}</Checkbox.Label>
                    </Checkbox.Root>
                    <Text fontSize="sm" color="gray.600" data-testid="privacy-consent">
                      {t('rights.consentBefore')}{' '}
                      <Link asChild colorPalette="teal">
                        <RouterLink to={paths.privacy}>{t('rights.consentLink', { version: PRIVACY_POLICY_VERSION })}</RouterLink>
                      </Link>
                      {t('rights.consentAfter')}
                    </Text>
                  </>
                )}
                {error && (
                  <Text color="red.600" role="alert">
                    {error}
                  </Text>
                )}
                <Button type="submit" colorPalette="teal" loading={busy} loadingText={t(isLogin ? 'auth.loggingIn' : 'auth.registering')}>
                  {t(isLogin ? 'auth.loginButton' : 'auth.registerButton')}
                </Button>
              </Stack>
            </form>
            <Text textAlign="center" fontSize="sm">
              {t(isLogin ? 'auth.noAccount' : 'auth.haveAccount')}{' '}
              <Button variant="plain" colorPalette="teal" size="sm" px="1" onClick={() => switchMode(isLogin ? 'register' : 'login')}>
                {t(isLogin ? 'auth.switchToRegister' : 'auth.switchToLogin')}
              </Button>
            </Text>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Container>
  );
}
