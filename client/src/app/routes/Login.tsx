import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { Link as RouterLink, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { Box, Button, Card, Checkbox, Container, Field, Heading, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { LIMITS, PRIVACY_POLICY_VERSION, loginSchema, registerSchema } from '@shared/rules';
import type { z } from 'zod';
import { LoginMutation, RegisterMutation } from '../../features/auth/operations';
import { useAuth } from '../../lib/auth';
import { notify } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/errors';
import { fieldError, placeServerError, useZodForm } from '../../lib/forms';
import { paths } from '../../config/paths';
import { Checking } from '../guards';

type Mode = 'login' | 'register';
type LoginValues = z.output<typeof loginSchema>;
type RegisterValues = z.output<typeof registerSchema>;

export default function LoginPage() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const { isAuthenticated, isAdmin, loading: checking, signIn } = useAuth();
  const [mode, setMode] = useState<Mode>((location.state as { mode?: Mode } | null)?.mode ?? 'login');
  const [error, setError] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const [login, loginState] = useMutation(LoginMutation);
  const [register, registerState] = useMutation(RegisterMutation);
  const loginForm = useZodForm(loginSchema, { defaultValues: { email: '', password: '' } });
  const registerForm = useZodForm(registerSchema, {
    defaultValues: { full_name: '', email: '', password: '', company_name: '', account_type: 'regular' },
  });
  // Switching between logging in and registering clears the other form's error.
  const switchMode = (next: Mode) => {
    setMode(next);
    setError(null);
  };

  // An authenticated visitor does not need this page (decision: admins to /admin, others to /dashboard).
  if (isAuthenticated && !checking && !redirecting) return <Navigate to={isAdmin ? paths.admin : paths.dashboard} replace />;
  // A stored session is still being checked: wait rather than flash a form the visitor may not need.
  if (checking && !redirecting) return <Checking />;

  async function onLogin(values: LoginValues) {
    setError(null);
    try {
      const { data } = await login({ variables: { input: { email: values.email, password: values.password } } });
      if (!data) return;
      setRedirecting(true);
      signIn(data.login.accessToken, data.login.user);
      notify.success(t('auth.loginSuccess'));
      const from = (location.state as { from?: string } | null)?.from;
      const target = data.login.user.role === 'admin' ? paths.admin : from && from !== paths.login ? from : paths.dashboard;
      setTimeout(() => navigate(target, { replace: true }), 500);
    } catch (err) {
      if (!placeServerError(err, loginForm.setError, ['email', 'password'])) setError(errorMessage(err, t('auth.loginFailed')));
      notify.error(t('auth.loginFailedToast'));
    }
  }

  async function onRegister(values: RegisterValues) {
    setError(null);
    try {
      const { data } = await register({
        variables: {
          input: {
            email: values.email,
            password: values.password,
            fullName: values.full_name,
            companyName: values.company_name,
            accountType: values.account_type,
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
      if (!placeServerError(err, registerForm.setError, ['full_name', 'email', 'password', 'company_name']))
        setError(errorMessage(err, t('auth.registerFailed')));
      notify.error(t('auth.registerFailedToast'));
    }
  }

  const isLogin = mode === 'login';
  const busy = loginState.loading || registerState.loading || redirecting;
  const le = loginForm.formState.errors;
  const re = registerForm.formState.errors;

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
            {isLogin ? (
              <form onSubmit={loginForm.handleSubmit(onLogin)} noValidate>
                <Stack gap="4">
                  <Field.Root required invalid={!!le.email}>
                    <Field.Label>
                      {t('common.email')} <Field.RequiredIndicator />
                    </Field.Label>
                    <Input type="email" autoComplete="email" dir="ltr" {...loginForm.register('email')} />
                    <Field.ErrorText>{fieldError(le, 'email')}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root required invalid={!!le.password}>
                    <Field.Label>
                      {t('common.password')} <Field.RequiredIndicator />
                    </Field.Label>
                    <Input type="password" autoComplete="current-password" dir="ltr" {...loginForm.register('password')} />
                    <Field.ErrorText>{fieldError(le, 'password')}</Field.ErrorText>
                  </Field.Root>
                  <Link asChild colorPalette="teal" fontSize="sm" alignSelf="flex-end">
                    <RouterLink to={paths.forgotPassword}>{t('account.forgotLink')}</RouterLink>
                  </Link>
                  {error && (
                    <Text color="red.600" role="alert">
                      {error}
                    </Text>
                  )}
                  <Button type="submit" colorPalette="teal" loading={busy} loadingText={t('auth.loggingIn')}>
                    {t('auth.loginButton')}
                  </Button>
                </Stack>
              </form>
            ) : (
              <form onSubmit={registerForm.handleSubmit(onRegister)} noValidate>
                <Stack gap="4">
                  <Field.Root required invalid={!!re.full_name}>
                    <Field.Label>
                      {t('common.fullName')} <Field.RequiredIndicator />
                    </Field.Label>
                    <Input autoComplete="name" maxLength={LIMITS.nameMax} {...registerForm.register('full_name')} />
                    <Field.ErrorText>{fieldError(re, 'full_name')}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root required invalid={!!re.email}>
                    <Field.Label>
                      {t('common.email')} <Field.RequiredIndicator />
                    </Field.Label>
                    <Input type="email" autoComplete="email" dir="ltr" {...registerForm.register('email')} />
                    <Field.ErrorText>{fieldError(re, 'email')}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root required invalid={!!re.password}>
                    <Field.Label>
                      {t('common.password')} <Field.RequiredIndicator />
                    </Field.Label>
                    <Input type="password" autoComplete="new-password" dir="ltr" {...registerForm.register('password')} />
                    {re.password ? (
                      <Field.ErrorText>{fieldError(re, 'password')}</Field.ErrorText>
                    ) : (
                      <Field.HelperText>{t('auth.passwordHint')}</Field.HelperText>
                    )}
                  </Field.Root>
                  <Field.Root invalid={!!re.company_name}>
                    <Field.Label>
                      {t('common.companyName')} ({t('common.optional')})
                    </Field.Label>
                    <Input autoComplete="organization" maxLength={LIMITS.companyMax} {...registerForm.register('company_name')} />
                    <Field.ErrorText>{fieldError(re, 'company_name')}</Field.ErrorText>
                  </Field.Root>
                  <Controller
                    control={registerForm.control}
                    name="account_type"
                    render={({ field }) => (
                      <Checkbox.Root
                        checked={field.value === 'host_seller'}
                        onCheckedChange={(e) => field.onChange(e.checked ? 'host_seller' : 'regular')}
                      >
                        <Checkbox.HiddenInput />
                        <Checkbox.Control />
                        <Checkbox.Label>{t('auth.hostAccount')}</Checkbox.Label>
                      </Checkbox.Root>
                    )}
                  />
                  <Text fontSize="sm" color="gray.600" data-testid="privacy-consent">
                    {t('rights.consentBefore')}{' '}
                    <Link asChild colorPalette="teal">
                      <RouterLink to={paths.privacy}>{t('rights.consentLink', { version: PRIVACY_POLICY_VERSION })}</RouterLink>
                    </Link>
                    {t('rights.consentAfter')}
                  </Text>
                  {error && (
                    <Text color="red.600" role="alert">
                      {error}
                    </Text>
                  )}
                  <Button type="submit" colorPalette="teal" loading={busy} loadingText={t('auth.registering')}>
                    {t('auth.registerButton')}
                  </Button>
                </Stack>
              </form>
            )}
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
