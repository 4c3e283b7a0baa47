import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Alert, Button, Center, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { usePageMeta } from '../../lib/page-meta';
import { notify } from '../../components/ui/toaster';
import { NewsletterSubscriptionQuery, UnsubscribeNewsletterMutation } from '../../features/newsletter/operations';
import { LoadingSpinner } from '../../components/ui/loading-spinner';

/** The page of the unsubscribe link in newsletter mails: shows the address, one button unsubscribes. */
export default function NewsletterUnsubscribePage() {
  const { t } = useTranslation();
  usePageMeta(t('newsletterUnsub.title'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { data, loading, error } = useQuery(NewsletterSubscriptionQuery, { variables: { token }, skip: !token });
  const [unsubscribe, { data: done, loading: working }] = useMutation(UnsubscribeNewsletterMutation);
  const sub = done?.unsubscribeNewsletter ?? data?.newsletterSubscription;

  async function onClick() {
    try {
      await unsubscribe({ variables: { token } });
      notify.success(t('newsletterUnsub.done'));
    } catch {
      notify.error(t('newsletterUnsub.failed'));
    }
  }

  return (
    <Container maxW="xl" py="16">
      <Stack gap="5">
        <Heading as="h1" size="2xl">
          {t('newsletterUnsub.title')}
        </Heading>
        {loading ? (
          <Center py="8">
            <LoadingSpinner />
          </Center>
        ) : !token || error || !sub ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{t('newsletterUnsub.invalid')}</Alert.Title>
          </Alert.Root>
        ) : sub.subscribed ? (
          <>
            <Text>{t('newsletterUnsub.confirm', { email: sub.email })}</Text>
            <Button colorPalette="red" alignSelf="start" onClick={() => void onClick()} loading={working}>
              {t('newsletterUnsub.button')}
            </Button>
          </>
        ) : (
          <Alert.Root status="success">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t('newsletterUnsub.doneTitle')}</Alert.Title>
              <Alert.Description>{t('newsletterUnsub.doneText', { email: sub.email })}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        <Button asChild variant="outline" alignSelf="start">
          <RouterLink to={paths.home}>{t('common.backToHome')}</RouterLink>
        </Button>
      </Stack>
    </Container>
  );
}
