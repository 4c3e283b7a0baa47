import { useEffect, useRef, useState } from 'react';
import { Button, chakra, Container, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { AdminSection, AdminTable } from '../../components/ui/AdminTable';
import { Pager } from '../../components/ui/Pager';
import { ListState } from '../../components/ui/list-state';
import { useQuery } from '@apollo/client/react';
import { Download, Receipt } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AdminPaymentsQuery } from '../../features/finance/operations';
import { PaymentDetailDialog } from '../../features/finance/PaymentDetailDialog';
import { HeldBalances } from '../../features/finance/HeldBalances';
import { RefundBadge, StatusBadge } from '../../features/finance/badges';
import { AdminPageHeader } from '../../features/admin/AdminPageHeader';
import { notify } from '../../components/ui/toaster';
import { FilterBar, FilterDate, FilterSearch, FilterSelect } from '../../components/ui/FilterBar';
import { downloadFile } from '../../lib/download';
import { errorMessage, translateServerMessage } from '../../lib/errors';
import { formatDateTime, formatNumber, formatSAR } from '../../lib/format';
import type { PaymentMethod, PaymentStatus, RefundStatus } from '../../gql/graphql';
import { FINANCE_LIMITS, FINANCE_METHODS, FINANCE_PAYMENT_STATUSES, FINANCE_REFUND_STATUSES, FINANCE_REPORTS } from '@shared/finance.rules';

/** '' is "any". */
interface Filters {
  status: PaymentStatus | '';
  method: PaymentMethod | '';
  refundStatus: RefundStatus | '';
  from: string;
  to: string;
  hostId: string;
  q: string;
}
const NONE: Filters = { status: '', method: '', refundStatus: '', from: '', to: '', hostId: '', q: '' };

/** Admin › Payments (issue #24): every payment with filters, a timeline per payment, refund retry and the exports. */
export default function AdminPaymentsPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const [filters, setFilters] = useState<Filters>(NONE);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const variables = {
    status: filters.status || null,
    method: filters.method || null,
    refundStatus: filters.refundStatus || null,
    from: filters.from || null,
    to: filters.to || null,
    hostId: filters.hostId || null,
    q: filters.q || null,
    page,
  };
  const { data, previousData, loading, error } = useQuery(AdminPaymentsQuery, { variables, fetchPolicy: 'cache-and-network' });
  const shown = useRef<unknown>(null);
  useEffect(() => {
    if (error && shown.current !== error) {
      shown.current = error;
      notify.error(errorMessage(error, t('finance.loadFailed')));
    }
  }, [error, t]);
  const list = (data ?? previousData)?.adminPayments;
  const set =
    <K extends keyof Filters>(k: K) =>
    (v: Filters[K]) => {
      setFilters((f) => ({ ...f, [k]: v }));
      setPage(1);
    };

  async function exportFile(report: string, format: 'csv' | 'xlsx') {
    const qs = new URLSearchParams();
    if (filters.from) qs.set('from', filters.from);
    if (filters.to) qs.set('to', filters.to);
    const key = `${report}.${format}`;
    setBusy(key);
    try {
      await downloadFile(`/admin/exports/${key}${qs.size ? `?${qs}` : ''}`, `mawarid-${key}`);
    } catch (err) {
      notify.error(err instanceof Error && err.message ? translateServerMessage(err.message) : t('finance.exportFailed'));
    } finally {
      setBusy(null);
    }
  }

  const pages = list ? Math.max(1, Math.ceil(list.total / list.pageSize)) : 1;

  return (
    <Container maxW="7xl" py="10">
      <AdminPageHeader title={t('finance.title')} subtitle={t('finance.subtitle')} />
      <FilterBar
        label={t('finance.filters')}
        clearLabel={t('finance.clear')}
        onClear={() => {
          setFilters(NONE);
          setSearch('');
          setPage(1);
        }}
      >
        <FilterSearch
          label={t('finance.search')}
          value={search}
          onChange={setSearch}
          onSubmit={() => set('q')(search.trim())}
          placeholder={t('finance.searchPlaceholder')}
          maxLength={FINANCE_LIMITS.searchMax}
        />
        <FilterSelect
          label={t('finance.status')}
          value={filters.status}
          onChange={set('status')}
          options={[['', t('finance.any')], ...FINANCE_PAYMENT_STATUSES.map((s) => [s, t(`finance.statuses.${s}`)] as const)]}
        />
        <FilterSelect
          label={t('finance.method')}
          value={filters.method}
          onChange={set('method')}
          options={[['', t('finance.any')], ...FINANCE_METHODS.map((s) => [s, t(`finance.methods.${s}`)] as const)]}
        />
        <FilterSelect
          label={t('finance.refund')}
          value={filters.refundStatus}
          onChange={set('refundStatus')}
          options={[['', t('finance.any')], ...FINANCE_REFUND_STATUSES.map((s) => [s, t(`finance.refunds.${s}`)] as const)]}
        />
        <FilterSelect
          label={t('finance.host')}
          value={filters.hostId}
          onChange={set('hostId')}
          options={[['', t('finance.anyHost')], ...(list?.hosts ?? []).map((h) => [h.id, h.name] as const)]}
        />
        <FilterDate label={t('finance.from')} value={filters.from} max={filters.to} onChange={set('from')} />
        <FilterDate label={t('finance.to')} value={filters.to} min={filters.from} onChange={set('to')} />
      </FilterBar>

      <ListState
        loading={!list && loading}
        error={!list && error}
        empty={!!list && list.items.length === 0}
        errorText={t('finance.loadFailed')}
        emptyText={t('finance.empty')}
        emptyIcon={<Receipt />}
      >
        {list && (
          <>
            <Text fontSize="sm" color="gray.600" mb="2" data-testid="payments-total">
              {t('finance.total', { n: formatNumber(list.total, lng) })}
            </Text>
            <AdminTable
              testId="payments-table"
              columns={[
                t('finance.date'),
                t('finance.what'),
                t('finance.customer'),
                t('finance.host'),
                t('finance.method'),
                { label: t('finance.amount'), end: true },
                { label: t('finance.hostShare'), end: true },
                t('finance.status'),
                t('finance.refund'),
                <chakra.span srOnly>{t('finance.details')}</chakra.span>,
              ]}
            >
              {list.items.map((p) => (
                <Table.Row key={p.id} data-testid="payment-row">
                  <Table.Cell whiteSpace="nowrap">{formatDateTime(p.paidAt ?? p.createdAt, lng)}</Table.Cell>
                  <Table.Cell>
                    <Text>{p.title}</Text>
                    <Text fontSize="xs" color="gray.500">
                      {t(`finance.kinds.${p.kind}`)}
                      {p.invoiceNumber ? ` · ${t('finance.invoice', { n: p.invoiceNumber })}` : ''}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>
                    <Text>{p.customerName}</Text>
                    <Text fontSize="xs" color="gray.500" dir="ltr" textAlign="start">
                      {p.customerEmail}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>{p.hostName ?? <Text color="gray.500">{t('finance.platformSale')}</Text>}</Table.Cell>
                  <Table.Cell>{t(`finance.methods.${p.method}`, { defaultValue: p.method })}</Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap">
                    {formatSAR(p.amountHalalas / 100, lng)}
                  </Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap">
                    {p.hostShareHalalas === null || p.hostShareHalalas === undefined ? '—' : formatSAR(p.hostShareHalalas / 100, lng)}
                  </Table.Cell>
                  <Table.Cell>
                    <StatusBadge status={p.status} />
                  </Table.Cell>
                  <Table.Cell>
                    <RefundBadge status={p.refundStatus} />
                  </Table.Cell>
                  <Table.Cell>
                    <Button
                      size="xs"
                      variant="outline"
                      onClick={() => setOpen(p.id)}
                      aria-label={t('finance.openDetails', { title: p.title })}
                    >
                      {t('finance.details')}
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))}
            </AdminTable>
            <Pager
              previous={{ label: t('finance.previous'), disabled: page <= 1 }}
              next={{ label: t('finance.next'), disabled: page >= pages }}
              status={t('finance.page', { page: formatNumber(page, lng), pages: formatNumber(pages, lng) })}
              onPrevious={() => setPage(page - 1)}
              onNext={() => setPage(page + 1)}
            />
          </>
        )}
      </ListState>

      <HeldBalances />

      <AdminSection id="finance-exports" title={t('finance.exports')} hint={t('finance.exportsHint')}>
        <Stack gap="3">
          {FINANCE_REPORTS.map((r) => (
            <HStack key={r} gap="3" wrap="wrap">
              <Text minW="48" fontWeight="medium">
                {t(`finance.reports.${r}`)}
              </Text>
              {(['csv', 'xlsx'] as const).map((f) => (
                <Button
                  key={f}
                  size="sm"
                  variant="outline"
                  loading={busy === `${r}.${f}`}
                  onClick={() => exportFile(r, f)}
                  aria-label={t('finance.download', { report: t(`finance.reports.${r}`), format: f.toUpperCase() })}
                  data-testid={`export-${r}-${f}`}
                >
                  <Download size={14} aria-hidden /> {f.toUpperCase()}
                </Button>
              ))}
            </HStack>
          ))}
        </Stack>
      </AdminSection>
      <PaymentDetailDialog id={open} onClose={() => setOpen(null)} />
    </Container>
  );
}
