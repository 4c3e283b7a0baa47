import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Button, Card, Heading, HStack, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useApolloClient, useMutation } from '@apollo/client/react';
import { CalendarPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { createServiceBookingSchema, SERVICE_BOOKING_LIMITS } from '@shared/service-bookings.rules';
import { todayInRiyadh } from '@shared/public.rules';
import { CreateServiceBookingMutation } from './operations';
import { useAuth } from '../../lib/auth';
import { notify } from '../../components/ui/toaster';
import type { z } from 'zod';
import { errorMessage } from '../../lib/errors';
import { fieldError, placeServerError, useZodForm } from '../../lib/forms';
import { paths } from '../../config/paths';
import { FormField } from '../../components/ui/FormField';
import { errorField } from './labels';
import { SlotPicker, type PickedSlot } from './SlotPicker';

const FIELDS = ['preferredDate', 'preferredTime', 'contactNumber', 'requirements'] as const;
/** What the customer fills in; the service is the page's, the advisor the slot's. */
const bookingSchema = createServiceBookingSchema.omit({ serviceId: true, advisorId: true });

/**
 * "Book this service" on a service page: a visitor is sent to log in first (and back here); a user gets the form
 * (a free slot, or a preferred date and time; contact number, requirements). The shared rules check each field as it
 * is left and on submit; each problem, and each refusal by the server that names a field, shows under that field in
 * the UI language (issue #26).
 */
export function ServiceBookingPanel({ serviceId }: { serviceId: string }) {
  const { t, i18n } = useTranslation();
  const { user, isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const empty = { preferredDate: '', preferredTime: '', contactNumber: user?.phone ?? '', requirements: '' };
  const form = useZodForm(bookingSchema, { defaultValues: empty });
  const { errors, isSubmitting } = form.formState;
  const [create] = useMutation(CreateServiceBookingMutation);
  const apollo = useApolloClient();
  // null until the server said whether the service is booked by its advisors' free slots.
  const [bySlots, setBySlots] = useState<boolean | null>(null);
  const [slot, setSlot] = useState<PickedSlot | null>(null);
  // The server's refusal of the chosen slot (taken meanwhile, passed): shown at the picker.
  const [slotRefused, setSlotRefused] = useState<string | undefined>();
  const onAvailability = useCallback((has: boolean) => setBySlots(has), []);
  const problem = (name: (typeof FIELDS)[number]) => fieldError(errors, name);
  // By slots, the date and time are the slot's: their problem is that none is chosen.
  const slotError =
    slotRefused ??
    (errors.preferredDate || errors.preferredTime
      ? slot
        ? (problem('preferredDate') ?? problem('preferredTime'))
        : t('serverMessages.advChooseSlot')
      : undefined);

  function start() {
    if (!isAuthenticated) {
      notify.info(t('serviceBookings.loginFirst'));
      void navigate(paths.login, { state: { from: location.pathname } });
      return;
    }
    form.reset(empty);
    setSlot(null);
    setSlotRefused(undefined);
    setOpen(true);
  }

  async function onSubmit(v: z.output<typeof bookingSchema>) {
    try {
      await create({
        variables: {
          input: { ...v, serviceId, locale: i18n.language },
        },
        refetchQueries: ['MyServiceBookings'],
      });
      notify.success(t('serviceBookings.created'));
      setOpen(false);
      void navigate(paths.dashboard);
    } catch (err) {
      const field = errorField(err);
      if (bySlots && (field === 'preferredDate' || field === 'preferredTime' || field === 'advisorId' || !field)) {
        // The slot went to someone else meanwhile (or has passed): say so at the picker, which shows the times left.
        setSlotRefused(errorMessage(err, t('serviceBookings.failed')));
        setSlot(null);
        form.setValue('preferredDate', '');
        form.setValue('preferredTime', '');
        await apollo.refetchQueries({ include: ['ServiceSlots'] });
      } else if (!placeServerError(err, form.setError, FIELDS)) notify.error(errorMessage(err, t('serviceBookings.failed')));
    }
  }

  if (!open)
    return (
      <Button colorPalette="teal" size="lg" onClick={start} data-testid="book-service">
        <CalendarPlus size={18} aria-hidden /> {t('serviceBookings.book')}
      </Button>
    );

  return (
    <Card.Root w="full" data-testid="service-booking-form">
      <Card.Header>
        <Heading as="h2" size="lg">
          {t('serviceBookings.formTitle')}
        </Heading>
        <Text color="gray.600">{t('serviceBookings.formIntro')}</Text>
      </Card.Header>
      <Card.Body>
        <form onSubmit={(e) => void form.handleSubmit(onSubmit)(e)} noValidate aria-label={t('serviceBookings.formTitle')}>
          <Stack gap="4">
            <SlotPicker
              serviceId={serviceId}
              value={slot}
              onChange={(v) => {
                setSlot(v);
                setSlotRefused(undefined);
                const again = { shouldValidate: form.formState.isSubmitted };
                form.setValue('preferredDate', v.date, again);
                form.setValue('preferredTime', v.time, again);
              }}
              onAvailability={onAvailability}
              error={slotError}
            />
            {bySlots === false && (
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                <FormField label={t('serviceBookings.preferredDate')} required error={problem('preferredDate')}>
                  <Input type="date" min={todayInRiyadh()} {...form.register('preferredDate')} />
                </FormField>
                <FormField
                  label={t('serviceBookings.preferredTime')}
                  optional
                  error={problem('preferredTime')}
                  helper={t('serviceBookings.timeHint')}
                >
                  <Input type="time" {...form.register('preferredTime')} />
                </FormField>
              </SimpleGrid>
            )}
            <FormField
              label={t('serviceBookings.contactNumber')}
              required
              error={problem('contactNumber')}
              helper={t('serviceBookings.contactHint')}
            >
              <Input
                type="tel"
                dir="ltr"
                autoComplete="tel"
                maxLength={32}
                {...form.register('contactNumber')}
                placeholder={t('serviceBookings.contactPlaceholder')}
              />
            </FormField>
            <FormField label={t('serviceBookings.requirements')} required error={problem('requirements')}>
              <Textarea
                rows={5}
                maxLength={SERVICE_BOOKING_LIMITS.requirementsMax}
                {...form.register('requirements')}
                placeholder={t('serviceBookings.requirementsPlaceholder')}
              />
            </FormField>
            <HStack gap="3">
              <Button type="submit" colorPalette="teal" loading={isSubmitting} loadingText={t('serviceBookings.sending')}>
                {t('serviceBookings.submit')}
              </Button>
              <Button variant="ghost" onClick={() => setOpen(false)}>
                {t('serviceBookings.cancel')}
              </Button>
            </HStack>
            {user && (
              <Text fontSize="sm" color="gray.600">
                {t('serviceBookings.asUser', { email: user.email })}
              </Text>
            )}
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
