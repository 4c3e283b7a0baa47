import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { HostCommissionCreditNotesQuery, HostCommissionInvoicesQuery } from './operations';
import { MoneyTable } from './MoneyTable';
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
 * The platform's monthly commission invoices to the host (GET /api/host/commission-invoices), each as PDF or JSON (and
 * XML once its ZATCA e-invoice may be given), and under them its commission credit notes
 * (GET /api/host/commission-credit-notes) when it has any.
 */
export function CommissionInvoices() {
  const { t, i18n } = useTranslation();
  const { data, loading, error } = useQuery(HostCommissionInvoicesQuery, { fetchPolicy: 'cache-and-network' });
  const list = data?.hostCommissionInvoices ?? [];
  const notes = useQuery(HostCommissionCreditNotesQuery, { fetchPolicy: 'cache-and-network' }).data?.hostCommissionCreditNotes ?? [];
  const money = (v: number) => formatSAR(v, i18n.language);
  /**
   * A commission invoice (`commission-invoice`) or credit note (`commission-credit-note`) as PDF, JSON or, once it has
   * one, its ZATCA e-invoice XML.
   */
  const download = async (id: string, number: string, kind: 'pdf' | 'json' | 'xml', doc = 'commission-invoice') => {
    try {
      await downloadFile(`/host/${doc}s/${id}${kind === 'json' ? '' : `.${kind}`}`, `${doc}-${number}.${kind}`);
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
        <MoneyTable
          rows={list}
          rowKey={(inv) => inv.id}
          rowTestId="commission-invoice"
          columns={[
            { key: 'number', header: t('payouts.commissionInvoices.number'), cell: (inv) => <span dir="ltr">{inv.invoiceNumber}</span> },
            { key: 'month', header: t('payouts.commissionInvoices.month'), cell: (inv) => monthLabel(inv.month, i18n.language) },
            { key: 'commission', header: t('payouts.commissionInvoices.commission'), end: true, cell: (inv) => money(inv.subtotal) },
            { key: 'vat', header: t('payouts.commissionInvoices.vat'), end: true, cell: (inv) => money(inv.vat) },
            { key: 'total', header: t('payouts.commissionInvoices.total'), end: true, cell: (inv) => money(inv.total) },
            {
              key: 'download',
              header: t('payouts.commissionInvoices.download'),
              cell: (inv) => (
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
                  {inv.zatcaXml && (
                    <Button
                      size="xs"
                      variant="outline"
                      aria-label={t('payouts.commissionInvoices.downloadXml', { number: inv.invoiceNumber })}
                      onClick={() => void download(inv.id, inv.invoiceNumber, 'xml')}
                    >
                      {t('payouts.commissionInvoices.xml')}
                    </Button>
                  )}
                </HStack>
              ),
            },
          ]}
        />
      </ListState>
      {notes.length > 0 && (
        <Stack gap="2" data-testid="commission-credit-notes">
          <Heading as="h3" size="md">
            {t('payouts.commissionInvoices.creditNotesTitle')}
          </Heading>
          <Text color="fg.muted">{t('payouts.commissionInvoices.creditNotesIntro')}</Text>
          <MoneyTable
            rows={notes}
            rowKey={(n) => n.id}
            rowTestId="commission-credit-note"
            columns={[
              {
                key: 'number',
                header: t('payouts.commissionInvoices.creditNote'),
                cell: (n) => <span dir="ltr">{n.creditNoteNumber}</span>,
              },
              {
                key: 'invoice',
                header: t('payouts.commissionInvoices.invoice'),
                cell: (n) => <span dir="ltr">{n.originalInvoiceNumber}</span>,
              },
              { key: 'month', header: t('payouts.commissionInvoices.month'), cell: (n) => monthLabel(n.month, i18n.language) },
              { key: 'commission', header: t('payouts.commissionInvoices.commission'), end: true, cell: (n) => money(n.subtotal) },
              { key: 'vat', header: t('payouts.commissionInvoices.vat'), end: true, cell: (n) => money(n.vat) },
              { key: 'total', header: t('payouts.commissionInvoices.total'), end: true, cell: (n) => money(n.total) },
              {
                key: 'download',
                header: t('payouts.commissionInvoices.download'),
                cell: (n) => (
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
                    {n.zatcaXml && (
                      <Button
                        size="xs"
                        variant="outline"
                        aria-label={t('payouts.commissionInvoices.downloadCreditNoteXml', { number: n.creditNoteNumber })}
                        onClick={() => void download(n.id, n.creditNoteNumber, 'xml', 'commission-credit-note')}
                      >
                        {t('payouts.commissionInvoices.xml')}
                      </Button>
                    )}
                  </HStack>
                ),
              },
            ]}
          />
        </Stack>
      )}
    </Stack>
  );
}
