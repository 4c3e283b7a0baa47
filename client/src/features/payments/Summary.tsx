import { Badge, Card, DataList, Heading } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatSAR } from '../../lib/format';

export function PaymentSummary(props: { title: string; start?: string | null; end?: string | null; subtotal?: number; vat?: number; total: number; transactionId?: string | null; pending?: boolean; totalLabel?: string }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  return (
    <Card.Root>
      <Card.Body>
        <Heading as="h2" size="md" mb="4">
          {t('payment.summary')} {props.pending && <Badge colorPalette="orange" ms="2">{t('payment.pendingBadge')}</Badge>}
        </Heading>
        <DataList.Root orientation="horizontal">
          <DataList.Item>
            <DataList.ItemLabel>{t('payment.resource')}</DataList.ItemLabel>
            <DataList.ItemValue>{props.title}</DataList.ItemValue>
          </DataList.Item>
          {props.start && (
            <DataList.Item>
              <DataList.ItemLabel>{t('payment.start')}</DataList.ItemLabel>
              <DataList.ItemValue>{formatDate(props.start, lng)}</DataList.ItemValue>
            </DataList.Item>
          )}
          {props.end && (
            <DataList.Item>
              <DataList.ItemLabel>{t('payment.end')}</DataList.ItemLabel>
              <DataList.ItemValue>{formatDate(props.end, lng)}</DataList.ItemValue>
            </DataList.Item>
          )}
          {props.subtotal !== undefined && (
            <DataList.Item>
              <DataList.ItemLabel>{t('payment.subtotal')}</DataList.ItemLabel>
              <DataList.ItemValue>{formatSAR(props.subtotal, lng)}</DataList.ItemValue>
            </DataList.Item>
          )}
          {props.vat !== undefined && (
            <DataList.Item>
              <DataList.ItemLabel>{t('payment.vat')}</DataList.ItemLabel>
              <DataList.ItemValue>{formatSAR(props.vat, lng)}</DataList.ItemValue>
            </DataList.Item>
          )}
          {props.transactionId && (
            <DataList.Item>
              <DataList.ItemLabel>{t('payment.transactionId')}</DataList.ItemLabel>
              <DataList.ItemValue dir="ltr">{props.transactionId}</DataList.ItemValue>
            </DataList.Item>
          )}
          <DataList.Item>
            <DataList.ItemLabel fontWeight="bold">{props.totalLabel ?? t('payment.total')}</DataList.ItemLabel>
            <DataList.ItemValue fontWeight="bold" data-testid="payment-total">
              {formatSAR(props.total, lng)}
            </DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
      </Card.Body>
    </Card.Root>
  );
}
