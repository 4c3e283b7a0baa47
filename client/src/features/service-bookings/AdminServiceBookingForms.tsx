import { useId } from 'react';
import { Button, Heading, HStack, Input, NativeSelect, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { CombinedGraphQLErrors } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { BadgeCheck, CheckCircle2, UserCheck, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { SERVICE_BOOKING_LIMITS, SERVICE_BOOKING_MESSAGES as M, updateServiceBookingSchema } from '@shared/service-bookings.rules';
import { todayInRiyadh } from '@shared/public.rules';
import { UpdateServiceBookingMutation } from './operations';
import type { ServiceBookingFieldsFragment } from '../../gql/graphql';
import { notify } from '../../components/ui/toaster';
import { errorMessage, translateServerMessage } from '../../lib/errors';
import { fieldError, placeServerError, useZodForm } from '../../lib/forms';
import { FormField } from '../../components/ui/FormField';

type Booking = ServiceBookingFieldsFragment;
type Updated = (b: Booking) => void | Promise<void>;
const shape = updateServiceBookingSchema.shape;

/** A datetime-local value (wall-clock time in Riyadh, UTC+3 all year) as an instant with its offset. */
const riyadhInstant = (local: string) => (local ? `${local.length === 16 ? `${local}:00` : local}+03:00` : '');

/*
 * What each action needs, over the server's own rule for PUT /api/service-bookings/{id}: the rule leaves every field
 * optional and the service requires them per action (a quote and a future time to confirm, a reason to cancel), with
 * the same messages, so the forms require them here with those messages.
 */
const by =
  <T,>(rule: z.ZodType<T>) =>
  (v: string, ctx: z.RefinementCtx) => {
    const r = rule.safeParse(v);
    if (r.success) return r.data;
    ctx.addIssue({ code: 'custom', message: r.error.issues[0]?.message ?? M.invalidStatus });
    return z.NEVER;
  };
const confirmSchema = z.object({
  price: z.string().trim().min(1, M.priceRequired).transform(by(shape.price)),
  scheduledAt: z
    .string()
    .min(1, M.scheduledRequired)
    .transform(riyadhInstant)
    .transform(by(shape.scheduledAt))
    .refine((d) => !d || d.getTime() > Date.now(), M.scheduledPast),
});
const cancelSchema = z.object({ reason: z.string().trim().min(1, M.reasonRequired).transform(by(shape.reason)) });
/** Choosing an advisor is the select's own check: its message is a locale key. */
const CHOOSE_ADVISOR = 'adminServiceBookings.chooseAdvisor';
const assignSchema = z.object({ advisorId: z.string().min(1, CHOOSE_ADVISOR) });

function useUpdate() {
  const { t } = useTranslation();
  const [update, { loading }] = useMutation(UpdateServiceBookingMutation);
  const failed = (err: unknown) => notify.error(errorMessage(err, t('adminServiceBookings.updateFailed')));
  return { update, loading, failed };
}

/**
 * The detail panel's actions, each a form checked field by field as it is left and on press (issue #26); a server
 * refusal naming a field lands at it. Keyed by the booking by the caller, so picking another booking starts afresh.
 */
export function AssignAdvisorForm({
  booking,
  advisors,
  onUpdated,
}: {
  booking: Booking;
  advisors: readonly { id: string; displayName: string; languages: readonly string[] }[];
  onUpdated: Updated;
}) {
  const { t } = useTranslation();
  const form = useZodForm(assignSchema, { defaultValues: { advisorId: booking.advisorId ?? '' } });
  const { errors } = form.formState;
  const { update, loading, failed } = useUpdate();
  const say = (m: string) => (m === CHOOSE_ADVISOR ? t(m) : translateServerMessage(m));

  async function submit(v: z.output<typeof assignSchema>) {
    try {
      const res = await update({ variables: { id: booking.id, input: v } });
      if (res.data) await onUpdated(res.data.updateServiceBooking);
      notify.success(t('adminServiceBookings.assigned'));
    } catch (err) {
      // The booking's time not suiting the advisor is the advisor's problem here: the time is not edited in this form.
      const field = CombinedGraphQLErrors.is(err) ? err.errors[0]?.extensions?.field : null;
      if (CombinedGraphQLErrors.is(err) && (field === 'advisorId' || field === 'scheduledAt'))
        form.setError('advisorId', { type: 'server', message: err.errors[0].message }, { shouldFocus: true });
      else failed(err);
    }
  }

  return (
    <HStack asChild gap="3" mt="6" align="end" wrap="wrap">
      <form data-testid="assign-advisor" noValidate onSubmit={(e) => void form.handleSubmit(submit)(e)}>
        <FormField label={t('adminServiceBookings.advisor')} error={fieldError(errors, 'advisorId', say)} flex="1" minW="220px">
          <NativeSelect.Root>
            <NativeSelect.Field {...form.register('advisorId')}>
              <option value="">{advisors.length ? t('adminServiceBookings.chooseAdvisor') : t('adminServiceBookings.noAdvisors')}</option>
              {advisors.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.displayName} ({a.languages.join(', ')})
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <Button
          type="submit"
          variant="outline"
          colorPalette="teal"
          loading={loading}
          disabled={!advisors.length || form.watch('advisorId') === (booking.advisorId ?? '')}
        >
          <UserCheck size={16} aria-hidden /> {t('adminServiceBookings.assignAdvisor')}
        </Button>
      </form>
    </HStack>
  );
}

export function ConfirmServiceBookingForm({ booking, onUpdated }: { booking: Booking; onUpdated: Updated }) {
  const { t } = useTranslation();
  const titleId = useId();
  const when = booking.preferredDate && booking.preferredTime ? `${booking.preferredDate}T${booking.preferredTime}` : '';
  const form = useZodForm(confirmSchema, { defaultValues: { price: '', scheduledAt: when } });
  const { errors } = form.formState;
  const { update, loading, failed } = useUpdate();

  async function submit(v: z.input<typeof confirmSchema>) {
    try {
      const input = { status: 'confirmed' as const, price: v.price.trim(), scheduledAt: riyadhInstant(v.scheduledAt) };
      const res = await update({ variables: { id: booking.id, input: input as never } });
      if (res.data) await onUpdated(res.data.updateServiceBooking);
      notify.success(t('adminServiceBookings.done.confirmed'));
    } catch (err) {
      if (!placeServerError(err, form.setError, ['price', 'scheduledAt'])) failed(err);
    }
  }

  return (
    <Stack asChild gap="3" mt="6">
      <form
        data-testid="confirm-form"
        noValidate
        aria-labelledby={titleId}
        // The raw values are sent (the server parses the same rule); the parsed ones only decide that they may be.
        onSubmit={(e) => void form.handleSubmit(() => submit(form.getValues()))(e)}
      >
        <Heading as="h3" size="sm" id={titleId}>
          {t('adminServiceBookings.confirmTitle')}
        </Heading>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <FormField
            label={t('adminServiceBookings.price')}
            required
            error={fieldError(errors, 'price')}
            helper={t('adminServiceBookings.priceHint')}
          >
            <Input inputMode="decimal" dir="ltr" {...form.register('price')} placeholder="1500" />
          </FormField>
          <FormField
            label={t('adminServiceBookings.meetingTime')}
            required
            error={fieldError(errors, 'scheduledAt')}
            helper={t('adminServiceBookings.riyadhTime')}
          >
            <Input type="datetime-local" min={`${todayInRiyadh()}T00:00`} {...form.register('scheduledAt')} />
          </FormField>
        </SimpleGrid>
        <Button type="submit" colorPalette="teal" alignSelf="start" loading={loading}>
          <BadgeCheck size={16} aria-hidden /> {t('adminServiceBookings.confirm')}
        </Button>
      </form>
    </Stack>
  );
}

/** Cancel (needs a reason) and, for a confirmed booking, Complete (needs nothing, so it is not a submit). */
export function CloseServiceBookingForm({ booking, onUpdated }: { booking: Booking; onUpdated: Updated }) {
  const { t } = useTranslation();
  const form = useZodForm(cancelSchema, { defaultValues: { reason: '' } });
  const { errors } = form.formState;
  const { update, loading, failed } = useUpdate();

  async function send(input: { status: 'completed' } | { status: 'cancelled'; reason: string }) {
    try {
      const res = await update({ variables: { id: booking.id, input: input as never } });
      if (res.data) await onUpdated(res.data.updateServiceBooking);
      notify.success(t(`adminServiceBookings.done.${input.status}`));
    } catch (err) {
      if (!placeServerError(err, form.setError, ['reason'])) failed(err);
    }
  }

  return (
    <Stack asChild gap="3" mt="6">
      <form noValidate onSubmit={(e) => void form.handleSubmit((v) => send({ status: 'cancelled', reason: v.reason ?? '' }))(e)}>
        <FormField label={t('adminServiceBookings.reason')} error={fieldError(errors, 'reason')}>
          <Textarea rows={2} {...form.register('reason')} maxLength={SERVICE_BOOKING_LIMITS.reasonMax} />
        </FormField>
        <HStack gap="2" wrap="wrap">
          {booking.status === 'confirmed' && (
            <Button type="button" colorPalette="green" onClick={() => void send({ status: 'completed' })} loading={loading}>
              <CheckCircle2 size={16} aria-hidden /> {t('adminServiceBookings.complete')}
            </Button>
          )}
          <Button type="submit" colorPalette="red" variant="outline" loading={loading}>
            <XCircle size={16} aria-hidden /> {t('adminServiceBookings.cancel')}
          </Button>
        </HStack>
      </form>
    </Stack>
  );
}
