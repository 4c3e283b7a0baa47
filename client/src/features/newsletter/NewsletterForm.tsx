import { useState, type FormEvent } from 'react';
import { Button, Field, HStack, Input } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { graphql } from '../../gql';
import { notify } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/errors';

const SubscribeMutation = graphql(`
  mutation SubscribeNewsletter($email: String!, $locale: String) {
    subscribeNewsletter(email: $email, locale: $locale) {
      message
    }
  }
`);

export function NewsletterForm() {
  const { t, i18n } = useTranslation();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [subscribe, { loading }] = useMutation(SubscribeMutation);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    // The shared rules (and zod with them) load with the first submit, not with every page's footer.
    const { emailSchema } = await import('@shared/rules');
    if (!emailSchema.safeParse(email).success) {
      setInvalid(true);
      notify.error(t('newsletter.invalidEmail'));
      return;
    }
    setInvalid(false);
    try {
      await subscribe({ variables: { email, locale: i18n.language } });
      notify.success(t('newsletter.success'));
      setEmail('');
    } catch (err) {
      notify.error(errorMessage(err, t('newsletter.failed')));
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('footer.newsletterTitle')}>
      <HStack align="start">
        <Field.Root invalid={invalid}>
          <Field.Label srOnly>{t('footer.emailPlaceholder')}</Field.Label>
          <Input
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            placeholder={t('footer.emailPlaceholder')}
            bg="white"
            color="gray.900"
            autoComplete="email"
          />
        </Field.Root>
        <Button type="submit" colorPalette="teal" loading={loading}>
          {t('footer.subscribe')}
        </Button>
      </HStack>
    </form>
  );
}
