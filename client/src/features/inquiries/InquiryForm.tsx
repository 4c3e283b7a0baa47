import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Button, Field, HStack, Input, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { INQUIRY_LIMITS, inquirySchema, todayInRiyadh, type ServiceType } from '@shared/public.rules';
import { SubmitInquiryMutation } from './operations';
import { useAuth } from '../../lib/auth';
import { notify } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/errors';
import { publicMessage } from './messages';
import { paths } from '../../config/paths';

type FieldName = 'full_name' | 'email' | 'company_name' | 'message' | 'preferred_date' | 'preferred_time' | 'service_type';

interface Props {
  /** contact: the /contact inquiry form; consultation: the /legal/legal-consultation request form. */
  mode: 'contact' | 'consultation';
}

/**
 * One form for both: a contact inquiry (service type select) and a legal consultation request (preferred
 * date and time; a logged-in user's name, email and company are prefilled and locked).
 */
export function InquiryForm({ mode }: Props) {
  const { t, i18n } = useTranslation();
  const { user, isAuthenticated } = useAuth();
  const consultation = mode === 'consultation';
  const locked = consultation && isAuthenticated && !!user;
  const initial = () => ({
    service_type: (consultation ? 'legal-consultancy' : 'resource-sharing') as ServiceType,
    full_name: user?.fullName ?? '',
    email: user?.email ?? '',
    company_name: user?.companyName ?? '',
    message: '',
    preferred_date: '',
    preferred_time: '',
  });
  const [form, setForm] = useState(initial);
  const [invalid, setInvalid] = useState<FieldName | null>(null);
  const [submit, { loading }] = useMutation(SubmitInquiryMutation);
  const values = locked ? { ...form, full_name: user!.fullName, email: user!.email, company_name: user!.companyName ?? '' } : form;
  const set = (k: FieldName) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });
  const failed = consultation ? t('inquiries.consultationFailed') : t('inquiries.inquiryFailed');

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = inquirySchema.safeParse({ ...values, locale: i18n.language });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setInvalid((issue?.path[0] as FieldName) ?? null);
      notify.error(publicMessage(issue?.message ?? failed));
      return;
    }
    setInvalid(null);
    const v = parsed.data;
    try {
      await submit({
        variables: {
          input: {
            serviceType: v.service_type === 'legal-consultancy' ? 'legal_consultancy' : 'resource_sharing',
            fullName: v.full_name,
            email: v.email,
            companyName: v.company_name,
            message: v.message,
            preferredDate: consultation ? v.preferred_date : null,
            preferredTime: consultation ? v.preferred_time : null,
            locale: i18n.language,
          },
        },
        refetchQueries: isAuthenticated ? ['MyInquiries'] : [],
      });
      notify.success(consultation ? t('inquiries.consultationSuccess') : t('inquiries.inquirySuccess'));
      setForm({ ...initial(), service_type: form.service_type });
    } catch (err) {
      notify.error(publicMessage(errorMessage(err, failed)));
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={consultation ? t('inquiries.consultationFormLabel') : t('inquiries.contactFormLabel')}>
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
          <Field.Root invalid={invalid === 'service_type'}>
            <Field.Label>{t('inquiries.serviceType')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={form.service_type} onChange={set('service_type')}>
                <option value="resource-sharing">{t('inquiries.types.resource-sharing')}</option>
                <option value="legal-consultancy">{t('inquiries.types.legal-consultancy')}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        )}
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Field.Root required invalid={invalid === 'full_name'} readOnly={locked}>
            <Field.Label>
              {t('inquiries.fullName')} <Field.RequiredIndicator />
            </Field.Label>
            <Input
              value={values.full_name}
              onChange={set('full_name')}
              maxLength={INQUIRY_LIMITS.nameMax}
              autoComplete="name"
              readOnly={locked}
              bg={locked ? 'gray.100' : undefined}
            />
          </Field.Root>
          <Field.Root required invalid={invalid === 'email'} readOnly={locked}>
            <Field.Label>
              {t('inquiries.email')} <Field.RequiredIndicator />
            </Field.Label>
            <Input
              type="email"
              dir="ltr"
              value={values.email}
              onChange={set('email')}
              autoComplete="email"
              readOnly={locked}
              bg={locked ? 'gray.100' : undefined}
            />
          </Field.Root>
        </SimpleGrid>
        <Field.Root invalid={invalid === 'company_name'} readOnly={locked}>
          <Field.Label>
            {t('inquiries.companyName')}{' '}
            <Text as="span" color="gray.500" fontSize="sm">
              ({t('inquiries.optional')})
            </Text>
          </Field.Label>
          <Input
            value={values.company_name}
            onChange={set('company_name')}
            maxLength={INQUIRY_LIMITS.companyMax}
            autoComplete="organization"
            readOnly={locked}
            bg={locked ? 'gray.100' : undefined}
          />
        </Field.Root>
        <Field.Root required invalid={invalid === 'message'}>
          <Field.Label>
            {consultation ? t('inquiries.details') : t('inquiries.message')} <Field.RequiredIndicator />
          </Field.Label>
          <Textarea
            value={form.message}
            onChange={set('message')}
            rows={6}
            maxLength={INQUIRY_LIMITS.messageMax}
            placeholder={consultation ? t('inquiries.detailsPlaceholder') : t('inquiries.messagePlaceholder')}
          />
        </Field.Root>
        {consultation && (
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <Field.Root invalid={invalid === 'preferred_date'}>
              <Field.Label>
                {t('inquiries.preferredDate')}{' '}
                <Text as="span" color="gray.500" fontSize="sm">
                  ({t('inquiries.optional')})
                </Text>
              </Field.Label>
              <Input type="date" min={todayInRiyadh()} value={form.preferred_date} onChange={set('preferred_date')} />
            </Field.Root>
            <Field.Root invalid={invalid === 'preferred_time'}>
              <Field.Label>
                {t('inquiries.preferredTime')}{' '}
                <Text as="span" color="gray.500" fontSize="sm">
                  ({t('inquiries.optional')})
                </Text>
              </Field.Label>
              <Input type="time" value={form.preferred_time} onChange={set('preferred_time')} />
              <Field.HelperText>{t('inquiries.timeHint')}</Field.HelperText>
            </Field.Root>
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
