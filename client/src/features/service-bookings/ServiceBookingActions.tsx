import { useState } from 'react';
import { Button, Field, HStack, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { CalendarClock, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { customerCancelSchema, rescheduleSchema } from '@shared/service-booking-schedule.rules';
import { SERVICE_BOOKING_LIMITS } from '@shared/service-bookings.rules';
import { todayInRiyadh } from '@shared/public.rules';
import { CancelMyServiceBookingMutation, RescheduleServiceBookingMutation } from './operations';
import { notify } from '../../components/ui/toaster';
import type { z } from 'zod';
import { errorMessage } from '../../lib/errors';
import { fieldError, placeServerError, useZodForm } from '../../lib/forms';
import { formatDateTime } from '../../lib/format';
import { ActionDialog } from '../../components/ui/ActionDialog';
import { SlotPicker } from './SlotPicker';

const FIELDS = ['preferredDate', 'preferredTime'] as const;
type FieldName = (typeof FIELDS)[number];
interface Changeable {
  id: string;
  changeableUntil?: unknown;
  preferredDate: string;
  preferredTime?: string | null;
  serviceId: string;
  advisorId?: string | null;
}

/**
 * The customer's Cancel and Reschedule on a dashboard row, shown while the server says the booking may still change
 * (`changeableUntil`: open, unpaid, more than 24 hours before the meeting); the server decides again on each press.
 */
export function ServiceBookingActions({ booking }: { booking: Changeable }) {
  const { t, i18n } = useTranslation();
  if (!booking.changeableUntil) return null;
  return (
    <Stack gap="2" mt="3">
      <HStack gap="2" wrap="wrap">
        <RescheduleButton booking={booking} />
        <CancelButton booking={booking} />
      </HStack>
      <Text fontSize="xs" color="gray.600" data-testid="service-change-deadline">
        {t('serviceBookings.changeUntil', { date: formatDateTime(String(booking.changeableUntil), i18n.language) })}
      </Text>
    </Stack>
  );
}

function CancelButton({ booking }: { booking: Changeable }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // The optional reason is checked by the server's rule (length, no direction controls) as it is left and on
  // confirm, at the field; so is the server's refusal naming it (issue #26).
  const form = useZodForm(customerCancelSchema, { defaultValues: { reason: '' } });
  const [cancel, { loading }] = useMutation(CancelMyServiceBookingMutation);
  async function confirm(v: z.output<typeof customerCancelSchema>) {
    try {
      await cancel({ variables: { id: booking.id, reason: v.reason ?? null } });
      notify.success(t('serviceBookings.cancelled'));
      setOpen(false);
    } catch (err) {
      if (!placeServerError(err, form.setError, ['reason'])) notify.error(errorMessage(err, t('serviceBookings.changeFailed')));
    }
  }
  return (
    <ActionDialog
      keepLabel={t('serviceBookings.keep')}
      open={open}
      setOpen={setOpen}
      trigger={
        <Button size="sm" variant="outline" colorPalette="red" data-testid="cancel-service-booking">
          <XCircle size={16} aria-hidden /> {t('serviceBookings.cancelBooking')}
        </Button>
      }
      title={t('serviceBookings.cancelTitle')}
      confirmLabel={t('serviceBookings.cancelConfirm')}
      colorPalette="red"
      busy={loading}
      onConfirm={() => void form.handleSubmit(confirm)()}
      testId="cancel-service-booking-confirm"
    >
      <Text>{t('serviceBookings.cancelMessage')}</Text>
      <Field.Root mt="4" invalid={!!form.formState.errors.reason}>
        <Field.Label>{t('serviceBookings.cancelReasonOptional')}</Field.Label>
        <Textarea {...form.register('reason')} maxLength={SERVICE_BOOKING_LIMITS.reasonMax} />
        <Field.ErrorText>{fieldError(form.formState.errors, 'reason')}</Field.ErrorText>
      </Field.Root>
    </ActionDialog>
  );
}

function RescheduleButton({ booking }: { booking: Changeable }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // The shared rule checks each field as it is left and on confirm; problems stand under their field (issue #26).
  const form = useZodForm(rescheduleSchema, {
    defaultValues: { preferredDate: booking.preferredDate, preferredTime: booking.preferredTime ?? '' },
  });
  const { errors, isSubmitting } = form.formState;
  const [reschedule] = useMutation(RescheduleServiceBookingMutation);
  const chosen = form.watch();
  const problem = (name: FieldName) => fieldError(errors, name);

  async function submit(v: z.output<typeof rescheduleSchema>) {
    try {
      await reschedule({ variables: { id: booking.id, input: v } });
      notify.success(t('serviceBookings.rescheduled'));
      setOpen(false);
    } catch (err) {
      if (placeServerError(err, form.setError, FIELDS)) return;
      // With an advisor, the slot picker stands for both fields: its refusal (taken, outside hours) is shown there.
      if (booking.advisorId)
        form.setError('preferredTime', { type: 'server', message: errorMessage(err, t('serviceBookings.changeFailed')) });
      else notify.error(errorMessage(err, t('serviceBookings.changeFailed')));
    }
  }

  return (
    <ActionDialog
      keepLabel={t('serviceBookings.keep')}
      open={open}
      setOpen={setOpen}
      trigger={
        <Button size="sm" variant="outline" colorPalette="teal" data-testid="reschedule-service-booking">
          <CalendarClock size={16} aria-hidden /> {t('serviceBookings.reschedule')}
        </Button>
      }
      title={t('serviceBookings.rescheduleTitle')}
      confirmLabel={t('serviceBookings.rescheduleConfirm')}
      colorPalette="teal"
      busy={isSubmitting}
      onConfirm={() => void form.handleSubmit(submit)()}
      testId="reschedule-submit"
    >
      <Text mb="4">{t('serviceBookings.rescheduleMessage')}</Text>
      {booking.advisorId ? (
        // A meeting with an advisor moves to another of that advisor's free times.
        open && (
          <SlotPicker
            serviceId={booking.serviceId}
            advisorId={booking.advisorId}
            value={chosen.preferredTime ? { date: chosen.preferredDate, time: String(chosen.preferredTime) } : null}
            onChange={(v) => {
              form.clearErrors();
              form.setValue('preferredDate', v.date);
              form.setValue('preferredTime', v.time);
            }}
            error={problem('preferredTime') ?? problem('preferredDate')}
          />
        )
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Field.Root required invalid={!!errors.preferredDate}>
            <Field.Label>
              {t('serviceBookings.preferredDate')} <Field.RequiredIndicator />
            </Field.Label>
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
      )}
    </ActionDialog>
  );
}
