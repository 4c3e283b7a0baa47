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
import type { z } from 'zod';
import { errorMessage } from '../../lib/errors';
import { fieldError, placeServerError, useZodForm } from '../../lib/forms';
import { paths } from '../../config/paths';
import { ActionDialog } from '../../components/ui/ActionDialog';

const FIELDS = ['contactNumber', 'preferredDate', 'preferredTime'] as const;

/**
 * Admin inbox: turns a legal consultation request into a pending service booking of its sender's account, in one
 * action. The request's date and time are proposed; the contact number may stay empty when the account has a phone.
 * The shared rule checks each field as it is left and on confirm; problems stand under their field (issue #26).
 */
export function ServiceBookingFromInquiry({
  inquiry,
}: {
  inquiry: { id: string; preferredDate?: string | null; preferredTime?: string | null };
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const initial = { contactNumber: '', preferredDate: inquiry.preferredDate ?? '', preferredTime: inquiry.preferredTime ?? '' };
  const form = useZodForm(convertInquirySchema, { defaultValues: initial });
  const { errors, isSubmitting } = form.formState;
  const [create] = useMutation(CreateServiceBookingFromInquiryMutation);
  const problem = (name: (typeof FIELDS)[number]) => fieldError(errors, name);

  async function submit(v: z.output<typeof convertInquirySchema>) {
    try {
      const res = await create({
        variables: {
          inquiryId: inquiry.id,
          input: v,
        },
        refetchQueries: ['AdminInquiries', 'AdminServiceBookings'],
      });
      setDone(res.data?.createServiceBookingFromInquiry.id ?? null);
      notify.success(t('adminServiceBookings.fromInquiry.done'));
      setOpen(false);
    } catch (err) {
      if (!placeServerError(err, form.setError, FIELDS)) notify.error(errorMessage(err, t('adminServiceBookings.updateFailed')));
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
        if (o) form.reset(initial);
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
      busy={isSubmitting}
      onConfirm={() => void form.handleSubmit(submit)()}
      testId="inquiry-to-service-booking-confirm"
    >
      <Stack gap="4">
        <Text>{t('adminServiceBookings.fromInquiry.intro')}</Text>
        <Field.Root invalid={!!errors.contactNumber}>
          <Field.Label>{t('serviceBookings.contactNumber')}</Field.Label>
          <Input type="tel" dir="ltr" maxLength={32} {...form.register('contactNumber')} />
          {errors.contactNumber ? (
            <Field.ErrorText>{problem('contactNumber')}</Field.ErrorText>
          ) : (
            <Field.HelperText>{t('adminServiceBookings.fromInquiry.contactHint')}</Field.HelperText>
          )}
        </Field.Root>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Field.Root invalid={!!errors.preferredDate}>
            <Field.Label>{t('serviceBookings.preferredDate')}</Field.Label>
            <Input type="date" min={todayInRiyadh()} {...form.register('preferredDate')} />
            <Field.ErrorText>{problem('preferredDate')}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!errors.preferredTime}>
            <Field.Label>{t('serviceBookings.preferredTime')}</Field.Label>
            <Input type="time" {...form.register('preferredTime')} />
            {errors.preferredTime ? (
              <Field.ErrorText>{problem('preferredTime')}</Field.ErrorText>
            ) : (
              <Field.HelperText>{t('serviceBookings.timeHint')}</Field.HelperText>
            )}
          </Field.Root>
        </SimpleGrid>
      </Stack>
    </ActionDialog>
  );
}
