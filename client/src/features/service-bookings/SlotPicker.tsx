import { useEffect, useMemo, useState } from 'react';
import { Box, Button, Field, Heading, Spinner, Stack, Text, Wrap } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { ServiceSlotsQuery } from './operations';
import { formatDate } from '../../lib/format';

export type PickedSlot = { date: string; time: string };

/**
 * The free times of a service (its advisors' weekly hours minus days off and meetings, computed by the server): the
 * days first, then the times of the chosen day. `onAvailability` tells the form whether the service is booked by
 * slots at all (a service without advisors keeps the free date and time inputs).
 */
export function SlotPicker({
  serviceId,
  advisorId,
  value,
  onChange,
  onAvailability,
  error,
}: {
  serviceId: string;
  advisorId?: string | null;
  value: PickedSlot | null;
  onChange: (slot: PickedSlot) => void;
  onAvailability?: (hasAdvisors: boolean) => void;
  error?: string;
}) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const { data, loading } = useQuery(ServiceSlotsQuery, {
    variables: { serviceId, advisorId: advisorId ?? null },
    fetchPolicy: 'network-only',
  });
  const days = useMemo(() => {
    const byDay = new Map<string, Array<{ time: string; names: string[] }>>();
    const names = new Map((data?.serviceSlots.advisors ?? []).map((a) => [a.id, a.displayName]));
    for (const s of data?.serviceSlots.slots ?? []) {
      const list = byDay.get(s.date) ?? [];
      list.push({ time: s.time, names: s.advisorIds.map((id) => names.get(id) ?? '') });
      byDay.set(s.date, list);
    }
    return [...byDay].map(([date, slots]) => ({ date, slots }));
  }, [data]);
  const [day, setDay] = useState<string | null>(value?.date ?? null);
  const shown = days.find((d) => d.date === day) ?? days[0];

  useEffect(() => {
    if (data) onAvailability?.(data.serviceSlots.hasAdvisors);
  }, [data, onAvailability]);

  if (loading && !data)
    return (
      <Stack direction="row" align="center" gap="2">
        <Spinner size="sm" /> <Text>{t('serviceBookings.slotsLoading')}</Text>
      </Stack>
    );
  if (!data?.serviceSlots.hasAdvisors) return null;

  return (
    <Field.Root required invalid={!!error} data-testid="slot-picker">
      <Field.Label>{t('serviceBookings.slotsTitle')}</Field.Label>
      {!days.length ? (
        <Text color="gray.600">{t('serviceBookings.slotsNone')}</Text>
      ) : (
        <Stack gap="3" w="full">
          <Box>
            <Heading as="h3" size="xs" mb="2" id="slot-days">
              {t('serviceBookings.slotsDays')}
            </Heading>
            <Wrap gap="2" role="group" aria-labelledby="slot-days">
              {days.map((d) => (
                <Button
                  key={d.date}
                  size="sm"
                  variant={d.date === shown?.date ? 'solid' : 'outline'}
                  colorPalette="teal"
                  aria-pressed={d.date === shown?.date}
                  onClick={() => setDay(d.date)}
                  data-testid="slot-day"
                >
                  {formatDate(d.date, lng)}
                </Button>
              ))}
            </Wrap>
          </Box>
          {shown && (
            <Box>
              <Heading as="h3" size="xs" mb="2" id="slot-times">
                {t('serviceBookings.slotsTimes')}
              </Heading>
              <Wrap gap="2" role="group" aria-labelledby="slot-times">
                {shown.slots.map((s) => {
                  const on = value?.date === shown.date && value.time === s.time;
                  return (
                    <Button
                      key={s.time}
                      size="sm"
                      variant={on ? 'solid' : 'outline'}
                      colorPalette="teal"
                      aria-pressed={on}
                      title={s.names.map((name) => t('serviceBookings.slotWith', { name })).join(', ')}
                      onClick={() => onChange({ date: shown.date, time: s.time })}
                      data-testid="slot-time"
                    >
                      <bdi>{s.time}</bdi>
                    </Button>
                  );
                })}
              </Wrap>
            </Box>
          )}
        </Stack>
      )}
      {error ? (
        <Field.ErrorText>{error}</Field.ErrorText>
      ) : (
        <Field.HelperText>
          {value ? `${t('serviceBookings.slotChosen', { when: `${formatDate(value.date, lng)} ${value.time}` })} · ` : ''}
          {t('serviceBookings.slotsHint', { minutes: data.serviceSlots.slotMinutes })}
        </Field.HelperText>
      )}
    </Field.Root>
  );
}
