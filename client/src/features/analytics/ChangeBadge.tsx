import { HStack, Text } from '@chakra-ui/react';
import { ArrowDownRight, ArrowUpRight, Minus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';

/** The change against the previous period: green up, red down, a dash for none; "no previous data" when null. */
export function ChangeBadge({ change }: { change: number | null | undefined }) {
  const { t, i18n } = useTranslation();
  if (change == null) {
    return (
      <Text fontSize="xs" color="gray.500">
        {t('analytics.noPrevious')}
      </Text>
    );
  }
  const sign = change > 0 ? '+' : '';
  const formatted = `${sign}${formatNumber(change, i18n.language, { maximumFractionDigits: 1 })}%`;
  const color = change > 0 ? 'green.700' : change < 0 ? 'red.700' : 'gray.600';
  const Icon = change > 0 ? ArrowUpRight : change < 0 ? ArrowDownRight : Minus;
  return (
    <HStack gap="1" color={color} fontSize="xs">
      <Icon size={14} aria-hidden />
      <Text>
        {/* The figure is isolated left-to-right so "+12%" keeps its sign in an Arabic sentence. */}
        {t('analytics.vsPrevious', { change: `\u2066${formatted}\u2069`, interpolation: { escapeValue: false } })}
      </Text>
    </HStack>
  );
}
