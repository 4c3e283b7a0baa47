import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Box, Button, Card, Container, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { CircleAlert, CircleCheck, Clock } from 'lucide-react';
import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { MESSAGES } from '@shared/rules';
import { ConfirmEmailChangeMutation } from '../../features/auth/account-operations';
import { useAuth } from '../../lib/auth';
import { errorMessage } from '../../lib/errors';
import { paths } from '../../config/paths';

type View = 'confirming' | 'done' | 'invalid' | 'expired' | 'failed';

function Panel({
  icon,
  title,
  text,
  testId,
  children,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <Stack gap="4" align="center" textAlign="center" data-testid={testId}>
      <Box color="teal.600" aria-hidden>
        {icon}
      </Box>
      <Heading as="h1" size="xl">
        {title}
      </Heading>
      <Text color="gray.600" role="status">
        {text}
      </Text>
      {children}
    </Stack>
  );
}

/** Opens an email change link (mailed to the new address): the address becomes the login email once, here. */
export default function ConfirmEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const { user, updateUser } = useAuth();
  const [view, setView] = useState<View>(token ? 'confirming' : 'invalid');
  const [email, setEmail] = useState('');
  const [failure, setFailure] = useState('');
  const [confirm] = useMutation(ConfirmEmailChangeMutation);
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    confirm({ variables: { token } })
      .then(({ data }) => {
        if (!data) return;
        setEmail(data.confirmEmailChange.email);
        if (user?.id === data.confirmEmailChange.id) updateUser(data.confirmEmailChange);
        setView('done');
      })
      .catch((err: unknown) => {
        const raw = (err as { errors?: Array<{ message?: string }> })?.errors?.[0]?.message;
        if (raw === MESSAGES.emailChangeExpired) setView('expired');
        else if (raw === MESSAGES.emailChangeInvalid) setView('invalid');
        else {
          setFailure(errorMessage(err, t('rights.emailChangeFailed')));
          setView('failed');
        }
      });
  }, [token, confirm, user?.id, updateUser, t]);

  const next = (
    <Button asChild colorPalette="teal">
      <RouterLink to={user ? paths.dashboard : paths.login}>{t(user ? 'rights.toProfile' : 'account.toLogin')}</RouterLink>
    </Button>
  );

  return (
    <Container maxW="md" py={{ base: '10', md: '16' }}>
      <Card.Root>
        <Card.Body>
          {view === 'confirming' && (
            <Stack align="center" gap="4" py="6">
              <Spinner size="lg" aria-label={t('common.loading')} />
              <Text>{t('rights.emailConfirming')}</Text>
            </Stack>
          )}
          {view === 'done' && (
            <Panel
              icon={<CircleCheck size={48} />}
              title={t('rights.emailDoneTitle')}
              text={t('rights.emailDoneText', { email })}
              testId="email-change-done"
            >
              {next}
            </Panel>
          )}
          {view === 'expired' && (
            <Panel
              icon={<Clock size={48} />}
              title={t('account.expiredTitle')}
              text={t('rights.emailExpiredText')}
              testId="email-change-expired"
            >
              {next}
            </Panel>
          )}
          {view === 'invalid' && (
            <Panel
              icon={<CircleAlert size={48} color="var(--chakra-colors-red-600)" />}
              title={t('account.invalidTitle')}
              text={t('rights.emailInvalidText')}
              testId="email-change-invalid"
            >
              {next}
            </Panel>
          )}
          {view === 'failed' && (
            <Panel
              icon={<CircleAlert size={48} color="var(--chakra-colors-red-600)" />}
              title={t('rights.emailChangeFailed')}
              text={failure}
              testId="email-change-failed"
            >
              {next}
            </Panel>
          )}
        </Card.Body>
      </Card.Root>
    </Container>
  );
}
