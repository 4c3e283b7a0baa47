import { Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AdminResourceChangesQuery, ApproveResourceChangesMutation, RejectResourceChangesMutation } from './operations';
import { ChangesDiff } from './ResourceChanges';
import { ReviewButtons } from './ReviewButtons';
import { marketError } from './messages';
import { notify } from '../../components/ui/toaster';
import { formatDate } from '../../lib/format';
import { paths } from '../../config/paths';

/**
 * Admin › Resources: hosts' edits of approved listings, each as live now beside what the host proposes, oldest
 * first. New ones arrive live (resourceSubmitted refetches this query); nothing is shown while there are none.
 */
export function ResourceChangesQueue() {
  const { t, i18n } = useTranslation();
  const { data, error, refetch } = useQuery(AdminResourceChangesQuery, { fetchPolicy: 'cache-and-network' });
  const [approve] = useMutation(ApproveResourceChangesMutation);
  const [reject] = useMutation(RejectResourceChangesMutation);
  const items = (data?.adminResourceChanges ?? []).filter((r) => r.pendingChanges);

  const act = async (fn: () => Promise<unknown>, ok: string, fail: string) => {
    try {
      await fn();
      notify.success(ok);
      await refetch();
    } catch (err) {
      notify.error(marketError(err, fail));
    }
  };

  if (error && !data) return <Text color="red.600">{t('market.changes.queueLoadFailed')}</Text>;
  if (!items.length) return null;
  return (
    <Stack gap="4" as="section" aria-labelledby="changes-queue-title" data-testid="changes-queue">
      <Heading as="h2" size="lg" id="changes-queue-title">
        {t('market.changes.queueTitle')} ({items.length})
      </Heading>
      {items.map((r) => (
        <Card.Root key={r.id} size="sm" data-testid="changes-queue-item">
          <Card.Body>
            <Stack gap="3">
              <HStack justify="space-between" wrap="wrap" gap="2">
                <Stack gap="0">
                  <Text fontWeight="semibold" dir="auto">
                    {r.title}
                  </Text>
                  <Text fontSize="sm" color="gray.600">
                    {t('market.changes.submittedLine', {
                      name: r.ownerName,
                      date: formatDate(r.pendingChanges!.submittedAt, i18n.language),
                    })}
                  </Text>
                </Stack>
                <HStack gap="2" wrap="wrap">
                  <Button asChild size="sm" variant="outline">
                    <a href={paths.resource(r.id)} target="_blank" rel="noopener noreferrer">
                      <ExternalLink size={14} /> {t('market.my.view')}
                    </a>
                  </Button>
                  <ReviewButtons
                    approve={{ label: t('market.changes.approve'), message: t('market.changes.approveConfirm', { title: r.title }) }}
                    reject={{ label: t('market.changes.reject'), message: t('market.changes.rejectConfirm', { title: r.title }) }}
                    onApprove={() =>
                      act(() => approve({ variables: { id: r.id } }), t('market.changes.approved'), t('market.changes.approveFailed'))
                    }
                    onReject={(reason) =>
                      act(() => reject({ variables: { id: r.id, reason } }), t('market.changes.rejected'), t('market.changes.rejectFailed'))
                    }
                  />
                </HStack>
              </HStack>
              <ChangesDiff resource={r} proposed={r.pendingChanges!} />
            </Stack>
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}
