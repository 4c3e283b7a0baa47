import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Button, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { MESSAGES } from '@shared/rules';
import { ConfirmEmailChangeMutation } from '../../features/auth/account-operations';
import { LinkCard, LinkOutcome, linkRefusal } from '../../features/auth/LinkOutcome';
import { useAuth } from '../../lib/auth';
import { errorMessage } from '../../lib/errors';
import { paths } from '../../config/paths';
import { LoadingSpinner } from '../../components/ui/loading-spinner';

type View = 'confirming' | 'done' | 'invalid' | 'expired' | 'failed';

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
        const refused = linkRefusal(err, { expired: MESSAGES.emailChangeExpired, invalid: MESSAGES.emailChangeInvalid });
        if (refused) setView(refused);
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
    <LinkCard>
      {view === 'confirming' && (
        <Stack align="center" gap="4" py="6">
          <LoadingSpinner size="lg" />
          <Text>{t('rights.emailConfirming')}</Text>
        </Stack>
      )}
      {view === 'done' && (
        <LinkOutcome
          outcome="done"
          title={t('rights.emailDoneTitle')}
          text={t('rights.emailDoneText', { email })}
          testId="email-change-done"
        >
          {next}
        </LinkOutcome>
      )}
      {view === 'expired' && (
        <LinkOutcome outcome="expired" title={t('account.expiredTitle')} text={t('rights.emailExpiredText')} testId="email-change-expired">
          {next}
        </LinkOutcome>
      )}
      {view === 'invalid' && (
        <LinkOutcome outcome="invalid" title={t('account.invalidTitle')} text={t('rights.emailInvalidText')} testId="email-change-invalid">
          {next}
        </LinkOutcome>
      )}
      {view === 'failed' && (
        <LinkOutcome outcome="invalid" title={t('rights.emailChangeFailed')} text={failure} testId="email-change-failed">
          {next}
        </LinkOutcome>
      )}
    </LinkCard>
  );
}
