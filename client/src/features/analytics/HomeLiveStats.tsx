import { SimpleGrid, Stat } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { PublicStatsQuery } from './operations';
import { formatNumber } from '../../lib/format';

/**
 * The live home stats loaded from the server (spec section 1), below the fixed figures (500+ / 30% / 24/7):
 * public counts only. While loading, or if the server does not answer, nothing is shown.
 */
export function HomeLiveStats() {
  const { t, i18n } = useTranslation();
  const { data } = useQuery(PublicStatsQuery, { fetchPolicy: 'cache-and-network' });
  const s = data?.publicStats;
  if (!s) return null;
  const items: Array<[string, number]> = [
    ['activeResources', s.activeResources],
    ['completedBookings', s.completedBookings],
    ['businesses', s.businesses],
  ];
  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap="6" mt="6" aria-label={t('analytics.home.label')} data-testid="home-live-stats">
      {items.map(([key, value]) => (
        <Stat.Root key={key} borderWidth="1px" rounded="lg" p="6" bg="teal.50">
          <Stat.Label>{t(`analytics.home.${key}`)}</Stat.Label>
          <Stat.ValueText fontSize="3xl" color="teal.800" dir="ltr" order={-1} data-testid={`live-${key}`}>
            {formatNumber(value, i18n.language)}
          </Stat.ValueText>
        </Stat.Root>
      ))}
    </SimpleGrid>
  );
}
