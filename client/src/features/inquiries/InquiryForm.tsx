import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Button, HStack, Input, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { INQUIRY_LIMITS, inquirySchema, todayInRiyadh, type ServiceType } from '@shared/public.rules';
import { SubmitInquiryMutation } from './operations';
import { useAuth } from '../../lib/auth';
import { notify } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/errors';
import { fieldError, placeServerError, useZodForm } from '../../lib/forms';
import { publicMessage } from './messages';
import { paths } from '../../config/paths';
import { FormField } from '../../components/ui/FormField';

const FIELDS = ['serviceType', 'fullName', 'email', 'companyName', 'message', 'preferredDate', 'preferredTime'] as const;

interface Props {
  /** contact: the /contact inquiry form; consultation: the /legal/legal-consultation request form. */
  mode: 'contact' | 'consultation';
}

/**
 * One form for both: a contact inquiry (service type select) and a legal consultation request (preferred
 * date and time; a logged-in user's name, email and company are prefilled and locked). Each field's problem shows
 * at the field, in the page's language, as the visitor leaves it and on submit.
 */
export function InquiryForm({ mode }: Props) {
  const { t, i18n } = useTranslation();
  const { user, isAuthenticated } = useAuth();
  const consultation = mode === 'consultation';
  const locked = consultation && isAuthenticated && !!user;
  const initial = () => ({
    serviceType: (consultation ? 'legal-consultancy' : 'resource-sharing') as ServiceType,
    fullName: user?.fullName ?? '',
    email: user?.email ?? '',
    companyName: user?.companyName ?? '',
    message: '',
    preferredDate: '',
    preferredTime: '',
  });
  const form = useZodForm(inquirySchema, { defaultValues: initial() });
  const { errors } = form.formState;
  const [submit, { loading }] = useMutation(SubmitInquiryMutation);
  const failed = consultation ? t('inquiries.consultationFailed') : t('inquiries.inquiryFailed');
  const problem = (name: (typeof FIELDS)[number]) => fieldError(errors, name, publicMessage);

  // A signed-in requester's details are theirs, locked: follow the account as it loads or changes.
  const { setValue } = form;
  useEffect(() => {
    if (!locked) return;
    setValue('fullName', user.fullName);
    setValue('email', user.email);
    setValue('companyName', user.companyName ?? '');
  }, [locked, user, setValue]);

  async function onSubmit({ serviceType, preferredDate, preferredTime, ...v }: z.output<typeof inquirySchema>) {
    try {
      await submit({
        variables: {
          input: {
            ...v,
            // The rule's value is the GraphQL enum's value; the operation names the enum's member.
            serviceType: serviceType === 'legal-consultancy' ? 'legal_consultancy' : 'resource_sharing',
            preferredDate: consultation ? preferredDate : null,
            preferredTime: consultation ? preferredTime : null,
            locale: i18n.language,
          },
        },
        refetchQueries: isAuthenticated ? ['MyInquiries'] : [],
      });
      notify.success(consultation ? t('inquiries.consultationSuccess') : t('inquiries.inquirySuccess'));
      form.reset({ ...initial(), serviceType });
    } catch (err) {
      if (!placeServerError(err, form.setError, FIELDS)) notify.error(publicMessage(errorMessage(err, failed)));
    }
  }

  return (
    <form
      onSubmit={form.handleSubmit(onSubmit)}
      noValidate
      aria-label={consultation ? t('inquiries.consultationFormLabel') : t('inquiries.contactFormLabel')}
    >
      <Stack gap="4">
        {consultation && !isAuthenticated && (
          <Alert.Root status="info" data-testid="guest-tip">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t('inquiries.guestTipTitle')}</Alert.Title>
              <Alert.Description>{t('inquiries.guestTipText')}</Alert.Description>
            </Alert.Content>
            <Button asChild size="sm" colorPalette="teal" alignSelf="center">
              <RouterLink to={paths.login} state={{ from: paths.legalConsultation }}>
                {t('inquiries.login')}
              </RouterLink>
            </Button>
          </Alert.Root>
        )}
        {locked && (
          <Text fontSize="sm" color="gray.600">
            {t('inquiries.lockedNote')}
          </Text>
        )}
        {!consultation && (
          <FormField label={t('inquiries.serviceType')} error={problem('serviceType')}>
            <NativeSelect.Root>
              <NativeSelect.Field {...form.register('serviceType')}>
                <option value="resource-sharing">{t('inquiries.types.resource-sharing')}</option>
                <option value="legal-consultancy">{t('inquiries.types.legal-consultancy')}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
        )}
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField label={t('inquiries.fullName')} required error={problem('fullName')} readOnly={locked}>
            <Input
              {...form.register('fullName')}
              maxLength={INQUIRY_LIMITS.nameMax}
              autoComplete="name"
              readOnly={locked}
              bg={locked ? 'gray.100' : undefined}
            />
          </FormField>
          <FormField label={t('inquiries.email')} required error={problem('email')} readOnly={locked}>
            <Input
              type="email"
              dir="ltr"
              {...form.register('email')}
              autoComplete="email"
              readOnly={locked}
              bg={locked ? 'gray.100' : undefined}
            />
          </FormField>
        </SimpleGrid>
        <FormField label={t('inquiries.companyName')} optional error={problem('companyName')} readOnly={locked}>
          <Input
            {...form.register('companyName')}
            maxLength={INQUIRY_LIMITS.companyMax}
            autoComplete="organization"
            readOnly={locked}
            bg={locked ? 'gray.100' : undefined}
          />
        </FormField>
        <FormField label={consultation ? t('inquiries.details') : t('inquiries.message')} required error={problem('message')}>
          <Textarea
            {...form.register('message')}
            rows={6}
            maxLength={INQUIRY_LIMITS.messageMax}
            placeholder={consultation ? t('inquiries.detailsPlaceholder') : t('inquiries.messagePlaceholder')}
          />
        </FormField>
        {consultation && (
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <FormField label={t('inquiries.preferredDate')} optional error={problem('preferredDate')}>
              <Input type="date" min={todayInRiyadh()} {...form.register('preferredDate')} />
            </FormField>
            <FormField label={t('inquiries.preferredTime')} optional error={problem('preferredTime')} helper={t('inquiries.timeHint')}>
              <Input type="time" {...form.register('preferredTime')} />
            </FormField>
          </SimpleGrid>
        )}
        <HStack>
          <Button type="submit" colorPalette="teal" size="lg" loading={loading} loadingText={t('inquiries.submitting')}>
            {consultation ? t('inquiries.submitConsultation') : t('inquiries.submitInquiry')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
