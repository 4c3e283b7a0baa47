import { useRef, useState, type FormEvent } from 'react';
import { Button, Field, HStack, Input } from '@chakra-ui/react';
import { CombinedGraphQLErrors } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { graphql } from '../../gql';
import { notify } from '../../components/ui/toaster';
import { errorMessage, translateServerMessage } from '../../lib/errors';

const SubscribeMutation = graphql(`
  mutation SubscribeNewsletter($email: String!, $locale: String) {
    subscribeNewsletter(email: $email, locale: $locale) {
      message
    }
  }
`);

/**
 * The address's problem by the server's own rule (`newsletterSubscribeSchema`), in English like the rule's messages.
 * The rules (and zod with them) load when the field is first checked, not with every page's footer: this form is
 * the only one drawn on every page, so it does without react-hook-form and checks its one field itself.
 */
async function problemOf(email: string): Promise<string | null> {
  const { newsletterSubscribeSchema } = await import('@shared/public.rules');
  const checked = newsletterSubscribeSchema.shape.email.safeParse(email);
  return checked.success ? null : (checked.error.issues[0]?.message ?? null);
}

export function NewsletterForm() {
  const { t, i18n } = useTranslation();
  const [email, setEmail] = useState('');
  // Kept in English and translated when shown, so a language switch translates a problem already on screen.
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const [subscribe, { loading }] = useMutation(SubscribeMutation);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const found = await problemOf(email);
    setProblem(found);
    if (found) {
      // Named at the field, which gets the focus; a toast saying it again would be read out twice.
      input.current?.focus();
      return;
    }
    try {
      await subscribe({ variables: { email, locale: i18n.language } });
      notify.success(t('newsletter.success'));
      setEmail('');
    } catch (err) {
      // The server's refusal of the address (`field: email`) lands at the field; any other is a toast.
      const first = CombinedGraphQLErrors.is(err) ? err.errors[0] : undefined;
      if (first?.extensions?.field === 'email') {
        setProblem(first.message);
        input.current?.focus();
      } else notify.error(errorMessage(err, t('newsletter.failed')));
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('footer.newsletterTitle')}>
      <HStack align="start">
        <Field.Root invalid={!!problem}>
          <Field.Label srOnly>{t('footer.emailPlaceholder')}</Field.Label>
          <Input
            ref={input}
            type="email"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              // A problem on screen is checked again as the address is typed, and goes once it is fixed.
              if (problem) void problemOf(e.target.value).then(setProblem);
            }}
            // Leaving the field checks what was typed; tabbing through an empty footer does not scold.
            onBlur={(e) => {
              if (e.target.value.trim()) void problemOf(e.target.value).then(setProblem);
            }}
            placeholder={t('footer.emailPlaceholder')}
            bg="white"
            color="gray.900"
            autoComplete="email"
          />
          {problem && (
            <Field.ErrorText color="red.200" data-testid="newsletter-error">
              {translateServerMessage(problem)}
            </Field.ErrorText>
          )}
        </Field.Root>
        <Button type="submit" colorPalette="teal" loading={loading}>
          {t('footer.subscribe')}
        </Button>
      </HStack>
    </form>
  );
}
