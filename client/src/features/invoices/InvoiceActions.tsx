import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Button, HStack } from '@chakra-ui/react';
import { Download, FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { notify } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/errors';
import { downloadInvoicePdf } from './download';

/** "Download PDF": authenticated download of the invoice PDF (of a booking, or of a service booking with `service`). */
export function DownloadInvoiceButton({
  bookingId,
  size = 'sm',
  variant = 'outline',
  service = false,
}: {
  bookingId: string;
  size?: 'sm' | 'md';
  variant?: 'outline' | 'solid';
  service?: boolean;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadInvoicePdf(bookingId, service);
    } catch (err) {
      notify.error(errorMessage(err, t('invoice.downloadFailed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size={size} variant={variant} colorPalette="teal" onClick={download} loading={busy} data-testid="download-invoice">
      <Download size={16} aria-hidden />
      {t('invoice.downloadPdf')}
    </Button>
  );
}

/** "View invoice" and "Download PDF" for a paid booking (or a paid service booking, with `service`). */
export function InvoiceActions({ bookingId, size = 'sm', service = false }: { bookingId: string; size?: 'sm' | 'md'; service?: boolean }) {
  const { t } = useTranslation();
  return (
    <HStack gap="2" wrap="wrap">
      <Button asChild size={size} variant="outline" colorPalette="teal" data-testid="view-invoice">
        <RouterLink to={service ? paths.serviceInvoice(bookingId) : paths.invoice(bookingId)}>
          <FileText size={16} aria-hidden />
          {t('invoice.view')}
        </RouterLink>
      </Button>
      <DownloadInvoiceButton bookingId={bookingId} size={size} service={service} />
    </HStack>
  );
}

/** The invoice's actions for a paid booking row (BookingRow's `paidActions`). */
export const invoiceActions = (b: { id: string }) => <InvoiceActions bookingId={b.id} />;

/** The invoice's actions for a paid service booking (MyServiceBookings' `paidActions`). */
export const serviceInvoiceActions = (b: { id: string }) => <InvoiceActions bookingId={b.id} service />;
