import { Button, ButtonGroup } from '@chakra-ui/react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ANALYTICS_PERIODS, type AnalyticsPeriodName } from '@shared/analytics.rules';

/** The week / month / quarter / year switch of the admin's and the hosts' analytics. */
export function PeriodButtons({ period, onChange }: { period: AnalyticsPeriodName; onChange: (p: AnalyticsPeriodName) => void }) {
  const { t } = useTranslation();
  return (
    <ButtonGroup size="sm" variant="outline" attached role="group" aria-label={t('analytics.periodLabel')}>
      {ANALYTICS_PERIODS.map((p) => (
        <Button
          key={p}
          data-testid={`period-${p}`}
          aria-pressed={p === period}
          variant={p === period ? 'solid' : 'outline'}
          colorPalette="teal"
          title={t(`analytics.periodHint.${p}`)}
          onClick={() => onChange(p)}
        >
          {t(`analytics.periods.${p}`)}
        </Button>
      ))}
    </ButtonGroup>
  );
}

/** The period in the address (`?period=`, month when absent or unknown) and a setter that replaces it. */
export function usePeriodParam(): [AnalyticsPeriodName, (p: AnalyticsPeriodName) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('period');
  const period = (ANALYTICS_PERIODS as readonly string[]).includes(raw ?? '') ? (raw as AnalyticsPeriodName) : 'month';
  return [period, (p) => setParams({ period: p }, { replace: true })];
}
