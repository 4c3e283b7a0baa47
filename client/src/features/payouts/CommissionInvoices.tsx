import { Box, Button, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { HostCommissionInvoicesQuery } from './operations';
import { ListState } from '../../components/ui/list-state';
import { notify } from '../../components/ui/toaster';
import { downloadFile } from '../../lib/download';
import { translateServerMessage } from '../../lib/errors';
import { formatSAR } from '../../lib/format';

/** The month (YYYY-MM, Riyadh) as "November 2026", in the page language (Gregorian: it is the invoice's period). */
function monthLabel(month: string, lang: string): string {
  const [y, m] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(lang === 'ar' ? 'ar-SA-u-ca-gregory-nu-latn' : 'en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, 15)));
}

/** The platform's monthly commission invoices to the host (GET /api/host/commission-invoices), each as PDF or JSON. */
export function CommissionInvoices() {
  const { t, i18n } = useTranslation();
  const { data, loading, error } = useQuery(HostCommissionInvoicesQuery, { fetchPolicy: 'cache-and-network' });
  const list = data?.hostCommissionInvoices ?? [];
  const money = (v: number) => formatSAR(v, i18n.language);
  const download = async (id: string, number: string, kind: 'pdf' | 'json') => {
    try {
      await downloadFile(`/host/commission-invoices/${id}${kind === 'pdf' ? '.pdf' : ''}`, `commission-invoice-${number}.${kind}`);
    } catch (err) {
      notify.error(
        err instanceof TypeError
          ? t('common.networkError')
          : err instanceof Error && err.message
            ? translateServerMessage(err.message)
            : t('payouts.commissionInvoices.downloadFailed'),
      );
    }
  };
  return (
    <Stack gap="4" data-testid="commission-invoices">
      <Heading as="h2" size="lg">
        {t('payouts.commissionInvoices.title')}
      </Heading>
      <Text color="fg.muted">{t('payouts.commissionInvoices.intro')}</Text>
      <ListState
        loading={loading && !data}
        error={error}
        empty={list.length === 0}
        errorText={t('payouts.commissionInvoices.loadFailed')}
        emptyText={t('payouts.commissionInvoices.empty')}
        emptyIcon={<FileText />}
      >
        <Box overflowX="auto">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('payouts.commissionInvoices.number')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('payouts.commissionInvoices.month')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('payouts.commissionInvoices.commission')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('payouts.commissionInvoices.vat')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('payouts.commissionInvoices.total')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('payouts.commissionInvoices.download')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {list.map((inv) => (
                <Table.Row key={inv.id} data-testid="commission-invoice">
                  <Table.Cell dir="ltr">{inv.invoiceNumber}</Table.Cell>
                  <Table.Cell>{monthLabel(inv.month, i18n.language)}</Table.Cell>
                  <Table.Cell textAlign="end">{money(inv.subtotal)}</Table.Cell>
                  <Table.Cell textAlign="end">{money(inv.vat)}</Table.Cell>
                  <Table.Cell textAlign="end">{money(inv.total)}</Table.Cell>
                  <Table.Cell>
                    <HStack gap="2">
                      <Button
                        size="xs"
                        variant="outline"
                        aria-label={t('payouts.commissionInvoices.downloadPdf', { number: inv.invoiceNumber })}
                        onClick={() => void download(inv.id, inv.invoiceNumber, 'pdf')}
                      >
                        {t('payouts.commissionInvoices.pdf')}
                      </Button>
                      <Button
                        size="xs"
                        variant="outline"
                        aria-label={t('payouts.commissionInvoices.downloadJson', { number: inv.invoiceNumber })}
                        onClick={() => void download(inv.id, inv.invoiceNumber, 'json')}
                      >
                        {t('payouts.commissionInvoices.json')}
                      </Button>
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      </ListState>
    </Stack>
  );
}
