import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Button, Field, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { CalendarPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { convertInquirySchema } from '@shared/service-booking-schedule.rules';
import { todayInRiyadh } from '@shared/public.rules';
import { CreateServiceBookingFromInquiryMutation } from './operations';
import { notify } from '../../components/ui/toaster';
import { errorMessage, translateServerMessage } from '../../lib/errors';
import { paths } from '../../config/paths';
import { errorField } from './labels';
import { ActionDialog } from '../../components/ui/ActionDialog';

type FieldName = 'contact_number' | 'preferred_date' | 'preferred_time';
const FIELDS: FieldName[] = ['contact_number', 'preferred_date', 'preferred_time'];

/**
 * Admin inbox: turns a legal consultation request into a pending service booking of its sender's account, in one
 * action. The request's date and time are proposed; the contact number may stay empty when the account has a phone.
 */
export function ServiceBookingFromInquiry({
  inquiry,
}: {
  inquiry: { id: string; preferredDate?: string | null; preferredTime?: string | null };
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const initial = { contact_number: '', preferred_date: inquiry.preferredDate ?? '', preferred_time: inquiry.preferredTime ?? '' };
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [create, { loading }] = useMutation(CreateServiceBookingFromInquiryMutation);
  const set = (k: FieldName) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });

  async function submit() {
    const parsed = convertInquirySchema.safeParse(form);
    if (!parsed.success) {
      const found: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const f = issue.path[0] as FieldName;
        if (FIELDS.includes(f) && !found[f]) found[f] = translateServerMessage(issue.message);
      }
      return setErrors(found);
    }
    setErrors({});
    try {
      const res = await create({
        variables: {
          inquiryId: inquiry.id,
          input: {
            contactNumber: parsed.data.contact_number ?? null,
            preferredDate: parsed.data.preferred_date ?? null,
            preferredTime: parsed.data.preferred_time,
          },
        },
        refetchQueries: ['AdminInquiries', 'AdminServiceBookings'],
      });
      setDone(res.data?.createServiceBookingFromInquiry.id ?? null);
      notify.success(t('adminServiceBookings.fromInquiry.done'));
      setOpen(false);
    } catch (err) {
      const field = errorField(err) as FieldName | null;
      const message = errorMessage(err, t('adminServiceBookings.updateFailed'));
      if (field && FIELDS.includes(field)) setErrors({ [field]: message });
      else notify.error(message);
    }
  }

  if (done)
    return (
      <Button asChild variant="outline" colorPalette="teal" data-testid="open-service-bookings">
        <RouterLink to={paths.adminServiceBookings}>{t('adminServiceBookings.fromInquiry.open')}</RouterLink>
      </Button>
    );
  return (
    <ActionDialog
      keepLabel={t('serviceBookings.keep')}
      open={open}
      setOpen={(o) => {
        if (o) setForm(initial);
        setOpen(o);
      }}
      trigger={
        <Button colorPalette="teal" variant="outline" data-testid="inquiry-to-service-booking">
          <CalendarPlus size={16} aria-hidden /> {t('adminServiceBookings.fromInquiry.button')}
        </Button>
      }
      title={t('adminServiceBookings.fromInquiry.title')}
      confirmLabel={t('adminServiceBookings.fromInquiry.confirm')}
      colorPalette="teal"
      busy={loading}
      onConfirm={() => void submit()}
      testId="inquiry-to-service-booking-confirm"
    >
      <Stack gap="4">
        <Text>{t('adminServiceBookings.fromInquiry.intro')}</Text>
        <Field.Root invalid={!!errors.contact_number}>
          <Field.Label>{t('serviceBookings.contactNumber')}</Field.Label>
          <Input type="tel" dir="ltr" maxLength={32} value={form.contact_number} onChange={set('contact_number')} />
          {errors.contact_number ? (
            <Field.ErrorText>{errors.contact_number}</Field.ErrorText>
          ) : (
            <Field.HelperText>{t('adminServiceBookings.fromInquiry.contactHint')}</Field.HelperText>
          )}
        </Field.Root>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Field.Root invalid={!!errors.preferred_date}>
            <Field.Label>{t('serviceBookings.preferredDate')}</Field.Label>
            <Input type="date" min={todayInRiyadh()} value={form.preferred_date} onChange={set('preferred_date')} />
            <Field.ErrorText>{errors.preferred_date}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!errors.preferred_time}>
            <Field.Label>{t('serviceBookings.preferredTime')}</Field.Label>
            <Input type="time" value={form.preferred_time} onChange={set('preferred_time')} />
            {errors.preferred_time ? (
              <Field.ErrorText>{errors.preferred_time}</Field.ErrorText>
            ) : (
              <Field.HelperText>{t('serviceBookings.timeHint')}</Field.HelperText>
            )}
          </Field.Root>
        </SimpleGrid>
      </Stack>
    </ActionDialog>
  );
}
