import { useState } from 'react';
import { Badge, Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AdminHeldBalancesQuery, PayHeldBalanceMutation } from './operations';
import { AdminSection, AdminTable } from '../../components/ui/AdminTable';
import { ListState } from '../../components/ui/list-state';
import { notify } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/errors';
import { formatDateTime, formatSAR } from '../../lib/format';
import { ResolveTransferDialog } from './ResolveTransferDialog';

/**
 * Admin › Payments: hosts' held balances (shares kept before their payout profile was approved) and paying one out
 * to the host's approved MyFatoorah supplier. Paying asks for a second click naming the amount; the server pays only
 * the balance shown (a stale page is refused). A transfer MyFatoorah never answered stays in progress; 10 minutes
 * after it was sent the admin may resolve it from what the MyFatoorah portal shows (not sent, or transferred).
 */
export function HeldBalances() {
  const { t, i18n } = useTranslation();
  const { data, loading, error } = useQuery(AdminHeldBalancesQuery, { fetchPolicy: 'cache-and-network' });
  const [pay, paying] = useMutation(PayHeldBalanceMutation);
  const [confirming, setConfirming] = useState<string | null>(null);
  const list = data?.adminHeldBalances ?? [];
  const money = (v: number) => formatSAR(v, i18n.language);

  async function onPay(hostId: string, amountHalalas: number) {
    try {
      await pay({ variables: { hostId, amountHalalas }, refetchQueries: ['AdminHeldBalances'] });
      notify.success(t('finance.heldBalances.paid'));
    } catch (err) {
      notify.error(errorMessage(err, t('finance.heldBalances.payFailed')));
    } finally {
      setConfirming(null);
    }
  }

  return (
    <AdminSection id="finance-held" title={t('finance.heldBalances.title')} hint={t('finance.heldBalances.hint')} testId="held-balances">
      <ListState
        loading={loading && !data}
        error={error}
        empty={list.length === 0}
        errorText={t('finance.heldBalances.loadFailed')}
        emptyText={t('finance.heldBalances.empty')}
        emptyIcon={<Wallet />}
      >
        <AdminTable
          columns={[
            t('finance.heldBalances.host'),
            t('finance.heldBalances.supplier'),
            { label: t('finance.heldBalances.amount'), end: true },
            t('finance.heldBalances.action'),
          ]}
        >
          {list.map((h) => (
            <Table.Row key={h.hostId} data-testid="held-balance">
              <Table.Cell>
                <Text>{h.hostName}</Text>
                <Text fontSize="xs" color="gray.600" dir="ltr">
                  {h.hostEmail}
                </Text>
              </Table.Cell>
              <Table.Cell>
                <Badge colorPalette={h.supplierStatus === 'approved' ? 'green' : 'orange'}>{t(`payouts.status.${h.supplierStatus}`)}</Badge>
              </Table.Cell>
              <Table.Cell textAlign="end">
                {h.owed > 0 ? (
                  <Stack gap="1" align="end">
                    <Text>{money(h.owed)}</Text>
                    <Badge colorPalette="red" data-testid="held-owed">
                      {t('finance.heldBalances.owed')}
                    </Badge>
                  </Stack>
                ) : (
                  money(h.held)
                )}
              </Table.Cell>
              <Table.Cell>
                {h.inFlight ? (
                  <Stack gap="1" data-testid="held-in-flight">
                    <Text fontSize="sm">
                      {h.inFlightPayout
                        ? t('finance.heldBalances.inFlightSince', { when: formatDateTime(h.inFlightPayout.createdAt, i18n.language) })
                        : t('finance.heldBalances.inFlight')}
                    </Text>
                    {h.inFlightPayout && h.resolvable && (
                      <HStack gap="2" wrap="wrap">
                        {(['not_sent', 'transferred'] as const).map((outcome) => (
                          <ResolveTransferDialog
                            key={outcome}
                            payoutId={h.inFlightPayout!.id}
                            hostName={h.hostName}
                            amount={money(h.inFlightPayout!.amount)}
                            outcome={outcome}
                          />
                        ))}
                      </HStack>
                    )}
                  </Stack>
                ) : confirming === h.hostId ? (
                  <HStack gap="2">
                    <Button
                      size="xs"
                      colorPalette="green"
                      loading={paying.loading}
                      onClick={() => void onPay(h.hostId, h.owedHalalas > 0 ? h.owedHalalas : h.heldHalalas)}
                      data-testid="confirm-pay-held"
                    >
                      {h.owedHalalas > 0
                        ? t('finance.heldBalances.confirmCollect', { amount: money(h.owed) })
                        : t('finance.heldBalances.confirm', { amount: money(h.held) })}
                    </Button>
                    <Button size="xs" variant="ghost" onClick={() => setConfirming(null)}>
                      {t('finance.heldBalances.cancel')}
                    </Button>
                  </HStack>
                ) : (
                  <Button
                    size="xs"
                    variant="outline"
                    disabled={!h.payable}
                    onClick={() => setConfirming(h.hostId)}
                    aria-label={t(h.owedHalalas > 0 ? 'finance.heldBalances.collectFor' : 'finance.heldBalances.payFor', {
                      name: h.hostName,
                    })}
                    data-testid="pay-held"
                  >
                    {h.owedHalalas > 0 ? t('finance.heldBalances.collect') : t('finance.heldBalances.pay')}
                  </Button>
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </AdminTable>
      </ListState>
    </AdminSection>
  );
}
