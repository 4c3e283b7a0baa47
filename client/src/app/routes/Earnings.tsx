import { useState } from 'react';
import { Badge, Box, Card, Container, Field, Heading, HStack, Input, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { HostEarningsQuery } from '../../features/payouts/operations';
import { PayoutForm } from '../../features/payouts/PayoutForm';
import { CommissionInvoices } from '../../features/payouts/CommissionInvoices';
import { ListState } from '../../components/ui/list-state';
import { formatDate, formatSAR } from '../../lib/format';

/** /resources/earnings (host_seller or admin): the host's earnings, commission invoices and payout profile. Money in SAR, dates in Riyadh. */
export default function EarningsPage() {
  const { t, i18n } = useTranslation();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const { data, loading, error, refetch } = useQuery(HostEarningsQuery, {
    variables: { from: from || null, to: to || null },
    fetchPolicy: 'cache-and-network',
  });
  const e = data?.hostEarnings;
  const money = (v: number) => formatSAR(v, i18n.language);
  const totals: Array<[string, number | undefined]> = [
    ['gross', e?.gross],
    ['commission', e?.commission],
    ['vatOnCommission', e?.vatOnCommission],
    ['refunded', e?.refunded],
    ['net', e?.net],
    ['pending', e?.pending],
    ['transferred', e?.transferred],
    ['paidOut', e?.paidOut],
  ];
  return (
    <Container maxW="6xl" py="10">
      <Stack gap="8">
        <Heading as="h1" size="2xl">
          {t('payouts.title')}
        </Heading>
        <HStack gap="4" wrap="wrap">
          <Field.Root maxW="52">
            <Field.Label>{t('payouts.from')}</Field.Label>
            <Input type="date" value={from} onChange={(ev) => setFrom(ev.target.value)} />
          </Field.Root>
          <Field.Root maxW="52">
            <Field.Label>{t('payouts.to')}</Field.Label>
            <Input type="date" value={to} onChange={(ev) => setTo(ev.target.value)} />
          </Field.Root>
        </HStack>
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
          {totals.map(([k, v]) => (
            <Card.Root key={k} size="sm">
              <Card.Body>
                <Text fontSize="sm" color="fg.muted">
                  {t(`payouts.totals.${k}`)}
                </Text>
                <Text fontWeight="bold" data-testid={`earnings-${k}`}>
                  {v === undefined ? '—' : money(v)}
                </Text>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
        {e?.payouts.length ? (
          <Stack gap="2" data-testid="held-payouts">
            <Heading as="h2" size="md">
              {t('payouts.transfers.title')}
            </Heading>
            {e.payouts.map((p) => (
              <Text key={p.id} data-testid="held-payout">
                {t(p.status === 'transferred' ? 'payouts.transfers.done' : 'payouts.transfers.inFlight', {
                  date: formatDate(p.transferredAt ?? p.createdAt, i18n.language),
                  amount: money(p.amount),
                  reference: p.gatewayReference ?? '—',
                })}
              </Text>
            ))}
          </Stack>
        ) : null}
        <ListState
          loading={loading && !data}
          error={error}
          empty={(e?.items.length ?? 0) === 0}
          errorText={t('payouts.loadFailed')}
          emptyText={t('payouts.empty')}
          emptyIcon={<Wallet />}
        >
          <Box overflowX="auto">
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('payouts.items.date')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('payouts.items.listing')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('payouts.totals.gross')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('payouts.totals.commission')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('payouts.totals.vatOnCommission')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('payouts.totals.refunded')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('payouts.totals.net')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('payouts.items.status')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {e?.items.map((i) => (
                  <Table.Row key={i.paymentId} data-testid="earnings-item">
                    <Table.Cell>{formatDate(i.paidAt, i18n.language)}</Table.Cell>
                    <Table.Cell>{i.resourceTitle}</Table.Cell>
                    <Table.Cell textAlign="end">{money(i.gross)}</Table.Cell>
                    <Table.Cell textAlign="end">{money(i.commission)}</Table.Cell>
                    <Table.Cell textAlign="end">{money(i.vatOnCommission)}</Table.Cell>
                    <Table.Cell textAlign="end">{i.refunded ? money(-i.refunded) : '—'}</Table.Cell>
                    <Table.Cell textAlign="end">{money(i.net)}</Table.Cell>
                    <Table.Cell>
                      <Badge colorPalette={i.status === 'held' ? 'orange' : 'green'}>{t(`payouts.items.${i.status}`)}</Badge>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
        </ListState>
        <CommissionInvoices />
        <Stack gap="4">
          <Heading as="h2" size="lg">
            {t('payouts.form.title')}
          </Heading>
          <Text color="fg.muted">{t('payouts.form.intro')}</Text>
          <PayoutForm onSaved={() => void refetch()} />
        </Stack>
      </Stack>
    </Container>
  );
}
