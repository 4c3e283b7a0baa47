import { useState } from 'react';
import { Badge, Box, Button, Heading, HStack, Table, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AdminHeldBalancesQuery, PayHeldBalanceMutation } from './operations';
import { ListState } from '../../components/ui/list-state';
import { notify } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/errors';
import { formatSAR } from '../../lib/format';

/**
 * Admin › Payments: hosts' held balances (shares kept before their payout profile was approved) and paying one out
 * to the host's approved MyFatoorah supplier. Paying asks for a second click naming the amount; the server pays only
 * the balance shown (a stale page is refused).
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
    <Box as="section" aria-labelledby="finance-held" mt="10" data-testid="held-balances">
      <Heading as="h2" size="lg" mb="1" id="finance-held">
        {t('finance.heldBalances.title')}
      </Heading>
      <Text color="gray.600" mb="4" fontSize="sm">
        {t('finance.heldBalances.hint')}
      </Text>
      <ListState
        loading={loading && !data}
        error={error}
        empty={list.length === 0}
        errorText={t('finance.heldBalances.loadFailed')}
        emptyText={t('finance.heldBalances.empty')}
        emptyIcon={<Wallet />}
      >
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('finance.heldBalances.host')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('finance.heldBalances.supplier')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('finance.heldBalances.amount')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('finance.heldBalances.action')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {list.map((h) => (
                <Table.Row key={h.hostId} data-testid="held-balance">
                  <Table.Cell>
                    <Text>{h.hostName}</Text>
                    <Text fontSize="xs" color="gray.600" dir="ltr">
                      {h.hostEmail}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={h.supplierStatus === 'approved' ? 'green' : 'orange'}>
                      {t(`payouts.status.${h.supplierStatus}`)}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell textAlign="end">{money(h.held)}</Table.Cell>
                  <Table.Cell>
                    {h.inFlight ? (
                      <Text fontSize="sm">{t('finance.heldBalances.inFlight')}</Text>
                    ) : confirming === h.hostId ? (
                      <HStack gap="2">
                        <Button
                          size="xs"
                          colorPalette="green"
                          loading={paying.loading}
                          onClick={() => void onPay(h.hostId, h.heldHalalas)}
                          data-testid="confirm-pay-held"
                        >
                          {t('finance.heldBalances.confirm', { amount: money(h.held) })}
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
                        aria-label={t('finance.heldBalances.payFor', { name: h.hostName })}
                        data-testid="pay-held"
                      >
                        {t('finance.heldBalances.pay')}
                      </Button>
                    )}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      </ListState>
    </Box>
  );
}
