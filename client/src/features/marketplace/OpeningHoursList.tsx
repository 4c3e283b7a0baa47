import { useMemo } from 'react';
import { Box, Heading, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { dateLocale, RIYADH_GREGORIAN, toInstant } from '@shared/dates';
import type { OpeningHours } from './booking-days';

/** 2026-11-01 was a Sunday: weekday n is that date plus n days. */
const weekdayDate = (n: number) => `2026-11-0${n + 1}`;

/** An hourly listing's weekly opening hours, Riyadh time, as customers read them before choosing a time. */
export function OpeningHoursList({ hours }: { hours: OpeningHours[] }) {
  const { t, i18n } = useTranslation();
  const weekday = useMemo(
    () => new Intl.DateTimeFormat(dateLocale(i18n.language), { ...RIYADH_GREGORIAN, weekday: 'long' }),
    [i18n.language],
  );
  return (
    <Box data-testid="opening-hours">
      <Heading as="h3" size="sm" mb="1">
        {t('availability.calendar.hoursTitle')}
      </Heading>
      {hours.length === 0 ? (
        <Text fontSize="sm">{t('availability.calendar.aroundTheClock')}</Text>
      ) : (
        <Box as="dl" display="grid" gridTemplateColumns="auto 1fr" columnGap="4" rowGap="0.5" fontSize="sm">
          {[0, 1, 2, 3, 4, 5, 6].map((n) => {
            const h = hours.find((x) => x.weekday === n);
            return [
              <Text as="dt" key={`d${n}`}>
                {weekday.format(toInstant(weekdayDate(n)))}
              </Text>,
              <Text as="dd" key={`h${n}`} color={h ? undefined : 'gray.600'}>
                {h ? t('availability.calendar.hoursRange', { opens: h.opens, closes: h.closes }) : t('availability.calendar.closed')}
              </Text>,
            ];
          })}
        </Box>
      )}
    </Box>
  );
}
