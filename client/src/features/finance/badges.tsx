import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

const STATUS_COLOURS: Record<string, string> = {
  paid: 'green',
  failed: 'red',
  initiated: 'gray',
  processing: 'blue',
  duplicate: 'orange',
  refund_due: 'orange',
};
const REFUND_COLOURS: Record<string, string> = { none: 'gray', requested: 'blue', refunded: 'green', failed: 'red' };

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return <Badge colorPalette={STATUS_COLOURS[status] ?? 'gray'}>{t(`finance.statuses.${status}`, { defaultValue: status })}</Badge>;
}

export function RefundBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return <Badge colorPalette={REFUND_COLOURS[status] ?? 'gray'}>{t(`finance.refunds.${status}`, { defaultValue: status })}</Badge>;
}
