import { useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Center,
  Container,
  Flex,
  Heading,
  HStack,
  Image,
  SimpleGrid,
  Spinner,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { Printer } from 'lucide-react';
import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import QRCode from 'qrcode';
import { BookingInvoiceQuery, ServiceBookingInvoiceQuery } from '../../features/invoices/operations';
import { DownloadInvoiceButton } from '../../features/invoices/InvoiceActions';
import { cardBrandLabel } from '../../features/invoices/download';
import { sellerAddressIn } from '@shared/invoices.rules';
import { errorMessage } from '../../lib/errors';
import { formatBookingRange, formatDateTime, formatHijriDate, formatSAR, showsHijri } from '../../lib/format';
import { paths } from '../../config/paths';

function useQrSvg(payload: string | undefined): string | null {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!payload) return;
    let live = true;
    QRCode.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 }).then(
      (svg) => live && setSrc(`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`),
    );
    return () => {
      live = false;
    };
  }, [payload]);
  return src;
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Flex justify="space-between" gap="4" py="1" fontWeight={strong ? 'bold' : undefined} fontSize={strong ? 'lg' : undefined}>
      <Text color={strong ? undefined : 'gray.600'}>{label}</Text>
      <Text textAlign="end" data-testid={`invoice-${label}`}>
        {value}
      </Text>
    </Flex>
  );
}

/**
 * /bookings/{id}/invoice and /service-bookings/{id}/invoice: the simplified tax invoice of a paid booking or service
 * booking, printable, with its ZATCA QR code.
 */
export default function InvoicePage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  // The title is printed in both languages: the other language's strings are loaded for it (the page waits).
  const other = lng === 'ar' ? 'en' : 'ar';
  const { t: tOther } = useTranslation(undefined, { lng: other });
  const { bookingId = '', serviceBookingId = '' } = useParams();
  const service = !!serviceBookingId;
  const ofBooking = useQuery(BookingInvoiceQuery, { variables: { bookingId }, skip: service, fetchPolicy: 'network-only' });
  const ofService = useQuery(ServiceBookingInvoiceQuery, {
    variables: { serviceBookingId },
    skip: !service,
    fetchPolicy: 'network-only',
  });
  const { data, loading, error } = service ? ofService : ofBooking;
  const inv = ofService.data?.serviceBookingInvoice ?? ofBooking.data?.bookingInvoice;
  const back = service
    ? { to: paths.dashboard, label: t('invoice.backToDashboard') }
    : { to: paths.myBookings, label: t('invoice.backToBookings') };
  const qr = useQrSvg(inv?.qrPayload);

  if (loading || (!data && !error))
    return (
      <Center py="24">
        <Spinner size="lg" />
      </Center>
    );
  if (error || !inv)
    return (
      <Container maxW="lg" py="16">
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('invoice.notAvailable')}</Alert.Title>
            <Alert.Description>{errorMessage(error, t('invoice.loadFailed'))}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <Button asChild mt="4" variant="outline">
          <RouterLink to={back.to}>{back.label}</RouterLink>
        </Button>
      </Container>
    );

  const pct = `${Math.round(inv.vatRate * 100)}%`;
  // The address frozen for the page's language (Arabic: the Arabic one, or the English one when the invoice has none).
  const sellerAddress = sellerAddressIn(inv.seller, lng);
  return (
    <Container maxW="3xl" py="10">
      <style>
        {'@media print { header, footer, nav, [data-print-hide] { display: none !important; } body { background: #fff !important; } }'}
      </style>
      <HStack justify="space-between" mb="4" data-print-hide wrap="wrap" gap="2">
        <Button asChild variant="ghost" size="sm">
          <RouterLink to={back.to}>{back.label}</RouterLink>
        </Button>
        <HStack gap="2">
          <Button size="sm" variant="outline" onClick={() => window.print()}>
            <Printer size={16} aria-hidden />
            {t('invoice.print')}
          </Button>
          <DownloadInvoiceButton bookingId={inv.serviceBookingId ?? inv.bookingId} service={!!inv.serviceBookingId} variant="solid" />
        </HStack>
      </HStack>
      <Box borderWidth="1px" borderRadius="lg" p={{ base: '5', md: '8' }} bg="white" data-testid="invoice">
        <Flex justify="space-between" align="start" gap="4" wrap="wrap" mb="6">
          <Stack gap="1">
            <Heading as="h1" size="xl" color="teal.700">
              {t(inv.kind === 'standard' ? 'invoice.titleStandard' : 'invoice.title')}
            </Heading>
            <Text color="gray.600" fontSize="sm" lang={other} dir={other === 'ar' ? 'rtl' : 'ltr'}>
              {tOther(inv.kind === 'standard' ? 'invoice.titleStandard' : 'invoice.title')}
            </Text>
          </Stack>
          <Stack gap="0" textAlign="end">
            <Text fontSize="sm" color="gray.600">
              {t('invoice.number')}
            </Text>
            <Text fontWeight="bold" fontSize="lg" data-testid="invoice-number">
              {inv.invoiceNumber}
            </Text>
            <Text fontSize="sm" color="gray.600" data-testid="invoice-issued">
              {formatDateTime(inv.issuedAt, lng)}
            </Text>
            {showsHijri(lng) && (
              <Text fontSize="sm" color="gray.600" data-testid="invoice-issued-hijri">
                {formatHijriDate(inv.issuedAt, lng)}
              </Text>
            )}
          </Stack>
        </Flex>

        <SimpleGrid columns={{ base: 1, md: 2 }} gap="6" mb="6">
          <Stack gap="0.5">
            <Text fontSize="sm" color="gray.600">
              {t('invoice.seller')}
            </Text>
            <Text fontWeight="semibold">{inv.seller.name}</Text>
            <Text fontSize="sm">
              {t('invoice.vatNumber')}: <bdi>{inv.seller.vatNumber || '—'}</bdi>
            </Text>
            {sellerAddress && (
              <Text fontSize="sm" data-testid="invoice-seller-address">
                {sellerAddress}
              </Text>
            )}
          </Stack>
          <Stack gap="0.5">
            <Text fontSize="sm" color="gray.600">
              {t('invoice.buyer')}
            </Text>
            <Text fontWeight="semibold">{inv.buyer.name}</Text>
            {inv.buyer.companyName && <Text fontSize="sm">{inv.buyer.companyName}</Text>}
            <Text fontSize="sm">
              <bdi>{inv.buyer.email}</bdi>
            </Text>
            {inv.buyer.vatNumber && (
              <Text fontSize="sm" data-testid="invoice-buyer-vat">
                {t('invoice.buyerVat')}: <bdi>{inv.buyer.vatNumber}</bdi>
              </Text>
            )}
            {inv.buyer.crNumber && (
              <Text fontSize="sm">
                {t('invoice.buyerCr')}: <bdi>{inv.buyer.crNumber}</bdi>
              </Text>
            )}
            {inv.buyer.nationalAddress && (
              <Text fontSize="sm">
                {t('invoice.buyerAddress')}: {inv.buyer.nationalAddress.buildingNumber} {inv.buyer.nationalAddress.street},{' '}
                {inv.buyer.nationalAddress.district}, {inv.buyer.nationalAddress.city} {inv.buyer.nationalAddress.postalCode}
                {inv.buyer.nationalAddress.additionalNumber ? ` (${inv.buyer.nationalAddress.additionalNumber})` : ''}
              </Text>
            )}
          </Stack>
        </SimpleGrid>

        <Table.Root size="sm" mb="4">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('invoice.description')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="center">{t('invoice.quantity')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('invoice.unitPrice')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('invoice.amount')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {inv.lines.map((l, i) => (
              <Table.Row key={i}>
                <Table.Cell>
                  <bdi>{l.description}</bdi>
                  <Text fontSize="xs" color="gray.600" data-testid="invoice-line-when">
                    {inv.serviceBookingId
                      ? t('invoice.meeting', { when: formatDateTime(inv.startDate, lng) })
                      : formatBookingRange(inv.startDate, inv.endDate, lng)}
                  </Text>
                </Table.Cell>
                <Table.Cell textAlign="center">
                  {t('invoice.periods', { count: l.quantity, period: t(`invoice.period.${l.period}`, { defaultValue: l.period }) })}
                </Table.Cell>
                <Table.Cell textAlign="end">{formatSAR(l.unitPrice, lng)}</Table.Cell>
                <Table.Cell textAlign="end">{formatSAR(l.amount, lng)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>

        <Flex gap="6" direction={{ base: 'column-reverse', md: 'row' }} justify="space-between" align={{ base: 'stretch', md: 'end' }}>
          <Stack align="center" gap="1">
            {qr && <Image src={qr} alt={t('invoice.qrAlt')} boxSize="140px" data-testid="invoice-qr" />}
            <Text fontSize="xs" color="gray.600">
              {t('invoice.qrHint')}
            </Text>
          </Stack>
          <Box minW={{ md: '300px' }}>
            <Row label={t('invoice.subtotal')} value={formatSAR(inv.subtotal, lng)} />
            <Row label={t('invoice.vat', { rate: pct })} value={formatSAR(inv.vat, lng)} />
            <Box borderTopWidth="1px" mt="1" pt="1">
              <Row label={t('invoice.total')} value={formatSAR(inv.total, lng)} strong />
            </Box>
            {inv.cardLast4 && (
              <Text fontSize="sm" color="gray.600" textAlign="end" mt="2" data-testid="invoice-card">
                {t('invoice.paidWith')}: <bdi>{`${cardBrandLabel(inv.cardBrand)} •••• ${inv.cardLast4}`}</bdi>
              </Text>
            )}
          </Box>
        </Flex>
      </Box>
    </Container>
  );
}
