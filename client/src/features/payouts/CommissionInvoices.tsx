import { Box, Button, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { HostCommissionCreditNotesQuery, HostCommissionInvoicesQuery } from './operations';
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

/**
 * The platform's monthly commission invoices to the host (GET /api/host/commission-invoices), each as PDF or JSON, and
 * under them its commission credit notes (GET /api/host/commission-credit-notes) when it has any.
 */
export function CommissionInvoices() {
  const { t, i18n } = useTranslation();
  const { data, loading, error } = useQuery(HostCommissionInvoicesQuery, { fetchPolicy: 'cache-and-network' });
  const list = data?.hostCommissionInvoices ?? [];
  const notes = useQuery(HostCommissionCreditNotesQuery, { fetchPolicy: 'cache-and-network' }).data?.hostCommissionCreditNotes ?? [];
  const money = (v: number) => formatSAR(v, i18n.language);
  /** A commission invoice (`commission-invoice`) or credit note (`commission-credit-note`) as PDF or JSON. */
  const download = async (id: string, number: string, kind: 'pdf' | 'json', doc = 'commission-invoice') => {
    try {
      await downloadFile(`/host/${doc}s/${id}${kind === 'pdf' ? '.pdf' : ''}`, `${doc}-${number}.${kind}`);
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
      {notes.length > 0 && (
        <Stack gap="2" data-testid="commission-credit-notes">
          <Heading as="h3" size="md">
            {t('payouts.commissionInvoices.creditNotesTitle')}
          </Heading>
          <Text color="fg.muted">{t('payouts.commissionInvoices.creditNotesIntro')}</Text>
          <Box overflowX="auto">
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('payouts.commissionInvoices.creditNote')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('payouts.commissionInvoices.invoice')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('payouts.commissionInvoices.month')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('payouts.commissionInvoices.commission')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('payouts.commissionInvoices.vat')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('payouts.commissionInvoices.total')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('payouts.commissionInvoices.download')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {notes.map((n) => (
                  <Table.Row key={n.id} data-testid="commission-credit-note">
                    <Table.Cell dir="ltr">{n.creditNoteNumber}</Table.Cell>
                    <Table.Cell dir="ltr">{n.originalInvoiceNumber}</Table.Cell>
                    <Table.Cell>{monthLabel(n.month, i18n.language)}</Table.Cell>
                    <Table.Cell textAlign="end">{money(n.subtotal)}</Table.Cell>
                    <Table.Cell textAlign="end">{money(n.vat)}</Table.Cell>
                    <Table.Cell textAlign="end">{money(n.total)}</Table.Cell>
                    <Table.Cell>
                      <HStack gap="2">
                        <Button
                          size="xs"
                          variant="outline"
                          aria-label={t('payouts.commissionInvoices.downloadCreditNotePdf', { number: n.creditNoteNumber })}
                          onClick={() => void download(n.id, n.creditNoteNumber, 'pdf', 'commission-credit-note')}
                        >
                          {t('payouts.commissionInvoices.pdf')}
                        </Button>
                        <Button
                          size="xs"
                          variant="outline"
                          aria-label={t('payouts.commissionInvoices.downloadCreditNoteJson', { number: n.creditNoteNumber })}
                          onClick={() => void download(n.id, n.creditNoteNumber, 'json', 'commission-credit-note')}
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
        </Stack>
      )}
    </Stack>
  );
}
