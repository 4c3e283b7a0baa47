import { Badge, Box, Button, Center, CloseButton, DataList, Dialog, Heading, Portal, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AdminPaymentQuery, RetryRefundMutation } from './operations';
import { notify } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/errors';
import { formatDateTime, formatSAR } from '../../lib/format';
import { StatusBadge, RefundBadge } from './badges';
import { LoadingSpinner } from '../../components/ui/loading-spinner';

const sar = (halalas: number | null | undefined, lng: string) =>
  halalas === null || halalas === undefined ? '—' : formatSAR(halalas / 100, lng);

/** A payment's details and its timeline (oldest first), with Retry when its refund failed. */
export function PaymentDetailDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const { data, loading, error } = useQuery(AdminPaymentQuery, {
    variables: { id: id ?? '' },
    skip: !id,
    fetchPolicy: 'cache-and-network',
  });
  const [retry, retrying] = useMutation(RetryRefundMutation);
  const detail = data?.adminPayment;
  const p = detail?.payment;

  async function onRetry() {
    if (!p?.refundId) return;
    try {
      await retry({ variables: { refundId: p.refundId }, refetchQueries: ['AdminPayment', 'AdminPayments'] });
      notify.success(t('finance.retried'));
    } catch (err) {
      notify.error(errorMessage(err, t('finance.retryFailed')));
    }
  }

  return (
    <Dialog.Root open={!!id} onOpenChange={(e) => !e.open && onClose()} size="lg" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="payment-detail">
            <Dialog.Header>
              <Dialog.Title>{p ? p.title || t('finance.payment') : t('finance.payment')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {!p && loading ? (
                <Center py="10">
                  <LoadingSpinner />
                </Center>
              ) : !p ? (
                <Text color="red.600">{errorMessage(error, t('finance.loadFailed'))}</Text>
              ) : (
                <Stack gap="6">
                  <DataList.Root orientation="horizontal" size="sm">
                    <DataList.Item>
                      <DataList.ItemLabel>{t('finance.amount')}</DataList.ItemLabel>
                      <DataList.ItemValue>{sar(p.amountHalalas, lng)}</DataList.ItemValue>
                    </DataList.Item>
                    <DataList.Item>
                      <DataList.ItemLabel>{t('finance.status')}</DataList.ItemLabel>
                      <DataList.ItemValue>
                        <StatusBadge status={p.status} />
                      </DataList.ItemValue>
                    </DataList.Item>
                    <DataList.Item>
                      <DataList.ItemLabel>{t('finance.method')}</DataList.ItemLabel>
                      <DataList.ItemValue>
                        {t(`finance.methods.${p.method}`, { defaultValue: p.method })}
                        {p.cardBrand ? ` · ${p.cardBrand} •••• ${p.cardLast4 ?? ''}` : ''}
                      </DataList.ItemValue>
                    </DataList.Item>
                    <DataList.Item>
                      <DataList.ItemLabel>{t('finance.customer')}</DataList.ItemLabel>
                      <DataList.ItemValue>
                        {p.customerName}{' '}
                        <Text as="span" color="gray.500" dir="ltr">
                          {p.customerEmail}
                        </Text>
                      </DataList.ItemValue>
                    </DataList.Item>
                    <DataList.Item>
                      <DataList.ItemLabel>{t('finance.host')}</DataList.ItemLabel>
                      <DataList.ItemValue>{p.hostName ?? t('finance.platformSale')}</DataList.ItemValue>
                    </DataList.Item>
                    {p.commissionHalalas !== null && p.commissionHalalas !== undefined && (
                      <>
                        <DataList.Item>
                          <DataList.ItemLabel>{t('finance.commission')}</DataList.ItemLabel>
                          <DataList.ItemValue>
                            {sar(p.commissionHalalas, lng)} + {t('finance.vatOnCommission')} {sar(p.vatOnCommissionHalalas, lng)}
                          </DataList.ItemValue>
                        </DataList.Item>
                        <DataList.Item>
                          <DataList.ItemLabel>{t('finance.hostShare')}</DataList.ItemLabel>
                          <DataList.ItemValue>
                            {sar(p.hostShareHalalas, lng)} ·{' '}
                            {p.supplierCode === null ? t('finance.held') : t('finance.toSupplier', { code: p.supplierCode })}
                          </DataList.ItemValue>
                        </DataList.Item>
                      </>
                    )}
                    <DataList.Item>
                      <DataList.ItemLabel>{t('finance.refund')}</DataList.ItemLabel>
                      <DataList.ItemValue>
                        <RefundBadge status={p.refundStatus} />
                        {p.refundId && <Text ms="2">{sar(p.refundAmountHalalas, lng)}</Text>}
                      </DataList.ItemValue>
                    </DataList.Item>
                  </DataList.Root>
                  {p.refundStatus === 'failed' && (
                    <Box borderWidth="1px" borderColor="red.200" bg="red.50" p="3" borderRadius="md">
                      <Text fontSize="sm" mb="2">
                        {t('finance.refundFailedText')}{' '}
                        {p.refundError && (
                          <Text as="span" dir="auto">
                            ({p.refundError})
                          </Text>
                        )}
                      </Text>
                      <Button size="sm" colorPalette="red" loading={retrying.loading} onClick={onRetry} data-testid="retry-refund">
                        <RotateCcw size={14} aria-hidden /> {t('finance.retry')}
                      </Button>
                    </Box>
                  )}
                  <Box>
                    <Heading as="h3" size="md" mb="3">
                      {t('finance.timeline')}
                    </Heading>
                    <Stack as="ol" gap="3" data-testid="payment-timeline" listStyleType="none" ps="0">
                      {detail!.timeline.map((e, i) => (
                        <Box as="li" key={i} borderInlineStartWidth="3px" borderColor="teal.500" ps="3">
                          <Text fontWeight="medium">
                            <span>{t(`finance.events.${e.kind.replace(/\./g, '_')}`, { defaultValue: e.kind })}</span>
                            {e.amountHalalas !== null && e.amountHalalas !== undefined && (
                              <Badge ms="2" variant="subtle">
                                {sar(e.amountHalalas, lng)}
                              </Badge>
                            )}
                          </Text>
                          <Text fontSize="sm" color="gray.600">
                            {formatDateTime(e.at, lng)}
                            {e.actorEmail && (
                              <Text as="span" dir="ltr">
                                {' '}
                                · {e.actorEmail}
                              </Text>
                            )}
                          </Text>
                          {e.detail && (
                            <Text fontSize="sm" color="gray.600" dir="auto">
                              {e.detail}
                            </Text>
                          )}
                        </Box>
                      ))}
                    </Stack>
                  </Box>
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">{t('finance.close')}</Button>
              </Dialog.ActionTrigger>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('finance.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
