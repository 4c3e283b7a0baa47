import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Alert, Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { usePageMeta } from '../../lib/page-meta';
import { errorMessage } from '../../lib/errors';
import { ConfirmNewsletterMutation } from '../../features/newsletter/operations';

/**
 * The page of the link in the newsletter confirmation mail (double opt-in). Confirming takes a click: mail
 * scanners open links, and opening one must not subscribe anyone.
 */
export default function NewsletterConfirmPage() {
  const { t } = useTranslation();
  usePageMeta(t('newsletterConfirm.title'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [confirm, { data, loading, error }] = useMutation(ConfirmNewsletterMutation);
  const done = data?.confirmNewsletter;

  return (
    <Container maxW="xl" py="16">
      <Stack gap="5">
        <Heading as="h1" size="2xl">
          {t('newsletterConfirm.title')}
        </Heading>
        {!token ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{t('newsletterConfirm.invalid')}</Alert.Title>
          </Alert.Root>
        ) : done ? (
          <Alert.Root status="success">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t('newsletterConfirm.doneTitle')}</Alert.Title>
              <Alert.Description>{t('newsletterConfirm.doneText', { email: done.email })}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : (
          <>
            <Text>{t('newsletterConfirm.intro')}</Text>
            {error && (
              <Alert.Root status="error">
                <Alert.Indicator />
                <Alert.Title>{errorMessage(error, t('newsletterConfirm.failed'))}</Alert.Title>
              </Alert.Root>
            )}
            <Button
              colorPalette="teal"
              alignSelf="start"
              loading={loading}
              onClick={() => void confirm({ variables: { token } }).catch(() => undefined)}
            >
              {t('newsletterConfirm.button')}
            </Button>
          </>
        )}
        <Button asChild variant="outline" alignSelf="start">
          <RouterLink to={paths.home}>{t('common.backToHome')}</RouterLink>
        </Button>
      </Stack>
    </Container>
  );
}
