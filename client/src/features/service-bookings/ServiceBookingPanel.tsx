import { useCallback, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Button, Card, Field, Heading, HStack, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useApolloClient, useMutation } from '@apollo/client/react';
import { CalendarPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { createServiceBookingSchema, SERVICE_BOOKING_LIMITS } from '@shared/service-bookings.rules';
import { todayInRiyadh } from '@shared/public.rules';
import { CreateServiceBookingMutation } from './operations';
import { useAuth } from '../../lib/auth';
import { notify } from '../../components/ui/toaster';
import { errorMessage, translateServerMessage } from '../../lib/errors';
import { paths } from '../../config/paths';
import { errorField } from './labels';
import { SlotPicker, type PickedSlot } from './SlotPicker';

type FieldName = 'preferred_date' | 'preferred_time' | 'contact_number' | 'requirements';
const FIELDS: FieldName[] = ['preferred_date', 'preferred_time', 'contact_number', 'requirements'];

/**
 * "Book this service" on a service page: a visitor is sent to log in first (and back here); a user gets the form
 * (preferred date and time, contact number, requirements). Each refusal shows under its field, in the UI language.
 */
export function ServiceBookingPanel({ serviceId }: { serviceId: string }) {
  const { t, i18n } = useTranslation();
  const { user, isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const empty = { preferred_date: '', preferred_time: '', contact_number: user?.phone ?? '', requirements: '' };
  const [form, setForm] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [create, { loading }] = useMutation(CreateServiceBookingMutation);
  const apollo = useApolloClient();
  // null until the server said whether the service is booked by its advisors' free slots.
  const [bySlots, setBySlots] = useState<boolean | null>(null);
  const [slot, setSlot] = useState<PickedSlot | null>(null);
  const [slotError, setSlotError] = useState<string | undefined>();
  const onAvailability = useCallback((has: boolean) => setBySlots(has), []);
  const set = (k: FieldName) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });

  function start() {
    if (!isAuthenticated) {
      notify.info(t('serviceBookings.loginFirst'));
      void navigate(paths.login, { state: { from: location.pathname } });
      return;
    }
    setForm(empty);
    setSlot(null);
    setSlotError(undefined);
    setOpen(true);
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const chosen = bySlots ? { preferred_date: slot?.date ?? '', preferred_time: slot?.time ?? '' } : {};
    const parsed = createServiceBookingSchema.safeParse({ service_id: serviceId, ...form, ...chosen });
    const noSlot = bySlots && !slot ? t('serverMessages.advChooseSlot') : undefined;
    setSlotError(noSlot);
    if (!parsed.success || noSlot) {
      const found: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.success ? [] : parsed.error.issues) {
        const f = issue.path[0] as FieldName;
        if (bySlots && (f === 'preferred_date' || f === 'preferred_time')) continue;
        if (FIELDS.includes(f) && !found[f]) found[f] = translateServerMessage(issue.message);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    const v = parsed.data;
    try {
      await create({
        variables: {
          input: {
            serviceId,
            preferredDate: v.preferred_date,
            preferredTime: v.preferred_time,
            contactNumber: v.contact_number,
            requirements: v.requirements,
            locale: i18n.language,
          },
        },
        refetchQueries: ['MyServiceBookings'],
      });
      notify.success(t('serviceBookings.created'));
      setOpen(false);
      void navigate(paths.dashboard);
    } catch (err) {
      const field = errorField(err) as string | null;
      const message = errorMessage(err, t('serviceBookings.failed'));
      if (bySlots && (field === 'preferred_date' || field === 'preferred_time' || field === 'advisor_id' || !field)) {
        // The slot went to someone else meanwhile (or has passed): say so at the picker, which shows the times left.
        setSlotError(message);
        setSlot(null);
        await apollo.refetchQueries({ include: ['ServiceSlots'] });
      } else if (field && FIELDS.includes(field as FieldName)) setErrors({ [field]: message });
      else notify.error(message);
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
        <form onSubmit={onSubmit} noValidate aria-label={t('serviceBookings.formTitle')}>
          <Stack gap="4">
            <SlotPicker
              serviceId={serviceId}
              value={slot}
              onChange={(v) => {
                setSlot(v);
                setSlotError(undefined);
              }}
              onAvailability={onAvailability}
              error={slotError}
            />
            {bySlots === false && (
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                <Field.Root required invalid={!!errors.preferred_date}>
                  <Field.Label>
                    {t('serviceBookings.preferredDate')} <Field.RequiredIndicator />
                  </Field.Label>
                  <Input type="date" min={todayInRiyadh()} value={form.preferred_date} onChange={set('preferred_date')} />
                  <Field.ErrorText>{errors.preferred_date}</Field.ErrorText>
                </Field.Root>
                <Field.Root invalid={!!errors.preferred_time}>
                  <Field.Label>
                    {t('serviceBookings.preferredTime')}{' '}
                    <Text as="span" color="gray.500" fontSize="sm">
                      ({t('serviceBookings.optional')})
                    </Text>
                  </Field.Label>
                  <Input type="time" value={form.preferred_time} onChange={set('preferred_time')} />
                  {errors.preferred_time ? (
                    <Field.ErrorText>{errors.preferred_time}</Field.ErrorText>
                  ) : (
                    <Field.HelperText>{t('serviceBookings.timeHint')}</Field.HelperText>
                  )}
                </Field.Root>
              </SimpleGrid>
            )}
            <Field.Root required invalid={!!errors.contact_number}>
              <Field.Label>
                {t('serviceBookings.contactNumber')} <Field.RequiredIndicator />
              </Field.Label>
              <Input
                type="tel"
                dir="ltr"
                autoComplete="tel"
                maxLength={32}
                value={form.contact_number}
                onChange={set('contact_number')}
                placeholder={t('serviceBookings.contactPlaceholder')}
              />
              {errors.contact_number ? (
                <Field.ErrorText>{errors.contact_number}</Field.ErrorText>
              ) : (
                <Field.HelperText>{t('serviceBookings.contactHint')}</Field.HelperText>
              )}
            </Field.Root>
            <Field.Root required invalid={!!errors.requirements}>
              <Field.Label>
                {t('serviceBookings.requirements')} <Field.RequiredIndicator />
              </Field.Label>
              <Textarea
                rows={5}
                maxLength={SERVICE_BOOKING_LIMITS.requirementsMax}
                value={form.requirements}
                onChange={set('requirements')}
                placeholder={t('serviceBookings.requirementsPlaceholder')}
              />
              <Field.ErrorText>{errors.requirements}</Field.ErrorText>
            </Field.Root>
            <HStack gap="3">
              <Button type="submit" colorPalette="teal" loading={loading} loadingText={t('serviceBookings.sending')}>
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
