import { Badge, Card, DataList, Heading } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatBookingDates, formatDateTime, formatSAR, showsHijri } from '../../lib/format';

export function PaymentSummary(props: {
  title: string;
  start?: string | null;
  end?: string | null;
  /** A service booking's meeting time (instead of start and end). */
  meeting?: string | null;
  /** The title is a service's name, not a resource's. */
  service?: boolean;
  subtotal?: number;
  vat?: number;
  total: number;
  transactionId?: string | null;
  pending?: boolean;
  totalLabel?: string;
  paymentMethod?: string | null;
}) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  // A day booking shows its first and last day (its end is the midnight after), an hourly one its times.
  const dates = props.start && props.end ? formatBookingDates(props.start, props.end, lng, { hijri: showsHijri(lng) }) : null;
  return (
    <Card.Root>
      <Card.Body>
        <Heading as="h2" size="md" mb="4">
          {t('payment.summary')}{' '}
          {props.pending && (
            <Badge colorPalette="orange" ms="2">
              {t('payment.pendingBadge')}
            </Badge>
          )}
        </Heading>
        <DataList.Root orientation="horizontal">
          <DataList.Item>
            <DataList.ItemLabel>{t(props.service ? 'payment.service' : 'payment.resource')}</DataList.ItemLabel>
            <DataList.ItemValue>{props.title}</DataList.ItemValue>
          </DataList.Item>
          {props.meeting && (
            <DataList.Item>
              <DataList.ItemLabel>{t('payment.meeting')}</DataList.ItemLabel>
              <DataList.ItemValue data-testid="payment-meeting">{formatDateTime(props.meeting, lng)}</DataList.ItemValue>
            </DataList.Item>
          )}
          {dates && (
            <DataList.Item>
              <DataList.ItemLabel>{t('payment.start')}</DataList.ItemLabel>
              <DataList.ItemValue data-testid="payment-start">{dates.from}</DataList.ItemValue>
            </DataList.Item>
          )}
          {dates && (
            <DataList.Item>
              <DataList.ItemLabel>{t('payment.end')}</DataList.ItemLabel>
              <DataList.ItemValue data-testid="payment-end">{dates.to}</DataList.ItemValue>
            </DataList.Item>
          )}
          {props.paymentMethod && (
            <DataList.Item>
              <DataList.ItemLabel>{t('payment.method')}</DataList.ItemLabel>
              <DataList.ItemValue data-testid="payment-method">
                {props.paymentMethod === 'card' ? t('payment.methodCard') : props.paymentMethod}
              </DataList.ItemValue>
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
