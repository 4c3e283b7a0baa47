import { Button, type ButtonProps } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { ResendVerificationMutation } from './operations';
import { notify } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/errors';

/** Sends a new verification link to the logged-in user. */
export function ResendVerificationButton({
  label,
  successKey = 'verify.sentInbox',
  ...props
}: ButtonProps & { label: string; successKey?: string }) {
  const { t } = useTranslation();
  const [resend, { loading }] = useMutation(ResendVerificationMutation);
  return (
    <Button
      colorPalette="teal"
      loading={loading}
      loadingText={t('verify.sending')}
      onClick={async () => {
        try {
          await resend({ variables: { email: null } });
          notify.success(t(successKey));
        } catch (err) {
          notify.error(errorMessage(err, t('verify.sendFailed')));
        }
      }}
      {...props}
    >
      {label}
    </Button>
  );
}
