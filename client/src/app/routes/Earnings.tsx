import { useState } from 'react';
import { Badge, Card, Container, Field, Heading, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { HostEarningsQuery } from '../../features/payouts/operations';
import { PayoutForm } from '../../features/payouts/PayoutForm';
import { CommissionInvoices } from '../../features/payouts/CommissionInvoices';
import { ListState } from '../../components/ui/list-state';
import { formatDate, formatNumber, formatSAR } from '../../lib/format';
import { MoneyTable } from '../../features/payouts/MoneyTable';
import { EARNINGS_PAGE } from '@shared/payouts.rules';
import { Pager } from '../../components/ui/Pager';

const PAGE_SIZE = EARNINGS_PAGE.sizeDefault;

/** /resources/earnings (host_seller or admin): the host's earnings, commission invoices and payout profile. Money in SAR, dates in Riyadh. */
export default function EarningsPage() {
  const { t, i18n } = useTranslation();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const { data, previousData, loading, error, refetch } = useQuery(HostEarningsQuery, {
    variables: { from: from || null, to: to || null, page, pageSize: PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  const e = (data ?? previousData)?.hostEarnings;
  const pages = Math.max(1, Math.ceil((e?.total ?? 0) / PAGE_SIZE));
  const money = (v: number) => formatSAR(v, i18n.language);
  const totals: Array<[string, number | undefined]> = [
    ['gross', e?.gross],
    ['commission', e?.commission],
    ['vatOnCommission', e?.vatOnCommission],
    ['platformVat', e?.platformVat],
    ['refunded', e?.refunded],
    ['net', e?.net],
    ['pending', e?.pending],
    // Only when the host owes the platform (held shares refunded after their transfer).
    ...(e?.owed ? ([['owed', e.owed]] as Array<[string, number]>) : []),
    ['transferred', e?.transferred],
    ['paidOut', e?.paidOut],
  ];
  return (
    <Container maxW="6xl" py="10">
      <Stack gap="8">
        <Heading as="h1" size="2xl">
          {t('payouts.title')}
        </Heading>
        <Text color="fg.muted" data-testid="commission-base">
          {t('payouts.commissionBase')}
        </Text>
        <HStack gap="4" wrap="wrap">
          <Field.Root maxW="52">
            <Field.Label>{t('payouts.from')}</Field.Label>
            <Input
              type="date"
              value={from}
              onChange={(ev) => {
                setFrom(ev.target.value);
                setPage(1);
              }}
            />
          </Field.Root>
          <Field.Root maxW="52">
            <Field.Label>{t('payouts.to')}</Field.Label>
            <Input
              type="date"
              value={to}
              onChange={(ev) => {
                setTo(ev.target.value);
                setPage(1);
              }}
            />
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
                {t(
                  p.status !== 'transferred'
                    ? 'payouts.transfers.inFlight'
                    : p.transferType === 'pull'
                      ? 'payouts.transfers.collected'
                      : 'payouts.transfers.done',
                  {
                    date: formatDate(p.transferredAt ?? p.createdAt, i18n.language),
                    amount: money(p.amount),
                    reference: p.gatewayReference ?? '—',
                  },
                )}
              </Text>
            ))}
          </Stack>
        ) : null}
        <ListState
          loading={loading && !e}
          error={error}
          empty={(e?.items.length ?? 0) === 0}
          errorText={t('payouts.loadFailed')}
          emptyText={t('payouts.empty')}
          emptyIcon={<Wallet />}
        >
          <MoneyTable
            rows={e?.items ?? []}
            rowKey={(i) => i.paymentId}
            rowTestId="earnings-item"
            columns={[
              { key: 'date', header: t('payouts.items.date'), cell: (i) => formatDate(i.paidAt, i18n.language) },
              { key: 'listing', header: t('payouts.items.listing'), cell: (i) => i.resourceTitle },
              { key: 'gross', header: t('payouts.totals.gross'), end: true, cell: (i) => money(i.gross) },
              { key: 'commission', header: t('payouts.totals.commission'), end: true, cell: (i) => money(i.commission) },
              { key: 'vat', header: t('payouts.totals.vatOnCommission'), end: true, cell: (i) => money(i.vatOnCommission) },
              { key: 'platformVat', header: t('payouts.totals.platformVat'), end: true, cell: (i) => money(i.platformVat) },
              { key: 'refunded', header: t('payouts.totals.refunded'), end: true, cell: (i) => (i.refunded ? money(-i.refunded) : '—') },
              { key: 'net', header: t('payouts.totals.net'), end: true, cell: (i) => money(i.net) },
              {
                key: 'status',
                header: t('payouts.items.status'),
                cell: (i) => <Badge colorPalette={i.status === 'held' ? 'orange' : 'green'}>{t(`payouts.items.${i.status}`)}</Badge>,
              },
            ]}
          />
          {pages > 1 ? (
            <Pager
              testId="earnings-pager"
              previous={{ label: t('payouts.pager.previous'), disabled: page <= 1 }}
              next={{ label: t('payouts.pager.next'), disabled: page >= pages }}
              status={t('payouts.pager.pageOf', { page: formatNumber(page, i18n.language), pages: formatNumber(pages, i18n.language) })}
              onPrevious={() => setPage(page - 1)}
              onNext={() => setPage(page + 1)}
            />
          ) : null}
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
