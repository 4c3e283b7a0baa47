import { useEffect, useState } from 'react';
import { Button, ButtonGroup, Container, Heading, Input, InputGroup, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { ExternalLink, Inbox, Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ListState } from '../../components/ui/list-state';
import { RESOURCE_STATUSES } from '@shared/marketplace.rules';
import type { ResourceStatusFilter } from '../../gql/graphql';
import { AdminResourcesQuery, ApproveResourceMutation, RejectResourceMutation } from '../../features/marketplace/operations';
import { ResourceCard } from '../../features/marketplace/ResourceCard';
import { ReviewButtons } from '../../features/marketplace/ReviewButtons';
import { StatCard } from '../../features/marketplace/StatCard';
import { ResourceChangesQueue } from '../../features/marketplace/ResourceChangesQueue';
import { marketError } from '../../features/marketplace/messages';
import { notify } from '../../components/ui/toaster';
import { formatDate } from '../../lib/format';
import { paths } from '../../config/paths';
import { CardsPager } from '../../components/ui/Pager';

const PAGE_SIZE = 24;

/** /admin/resources: moderation (spec section 2, Admin › Resources). */
export default function AdminResourcesPage() {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<ResourceStatusFilter>('all');
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  useEffect(() => {
    const id = setTimeout(() => {
      setSearch(text.trim());
      setPage(1);
    }, 350);
    return () => clearTimeout(id);
  }, [text]);

  const { data, loading, error, refetch } = useQuery(AdminResourcesQuery, {
    variables: { filter: { status, search: search || null, page, pageSize: PAGE_SIZE } },
    fetchPolicy: 'cache-and-network',
  });
  const [approve] = useMutation(ApproveResourceMutation);
  const [reject] = useMutation(RejectResourceMutation);
  const counts = data?.resourceStatusCounts;
  const items = data?.adminResources.items ?? [];
  const pages = Math.max(1, Math.ceil((data?.adminResources.total ?? 0) / PAGE_SIZE));

  const act = async (fn: () => Promise<unknown>, ok: string, fail: string) => {
    try {
      await fn();
      notify.success(ok);
      await refetch();
    } catch (err) {
      notify.error(marketError(err, fail));
    }
  };

  return (
    <Container maxW="7xl" py="10">
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          {t('market.admin.title')}
        </Heading>
        <SimpleGrid columns={{ base: 2, md: 5 }} gap="4">
          <StatCard label={t('market.admin.total')} value={counts?.total ?? '–'} testId="admin-count-total" />
          <StatCard label={t('market.resourceStatus.pending')} value={counts?.pending ?? '–'} testId="admin-count-pending" />
          <StatCard label={t('market.resourceStatus.active')} value={counts?.active ?? '–'} testId="admin-count-active" />
          <StatCard label={t('market.resourceStatus.rejected')} value={counts?.rejected ?? '–'} testId="admin-count-rejected" />
          <StatCard label={t('market.resourceStatus.withdrawn')} value={counts?.withdrawn ?? '–'} testId="admin-count-withdrawn" />
        </SimpleGrid>
        <ResourceChangesQueue />
        <Stack direction={{ base: 'column', md: 'row' }} gap="3" justify="space-between">
          <InputGroup startElement={<Search size={16} />} maxW={{ md: 'md' }}>
            <Input
              type="search"
              aria-label={t('market.list.search')}
              placeholder={t('market.list.searchPlaceholder')}
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
          </InputGroup>
          <ButtonGroup size="sm" flexWrap="wrap" gap="2" role="group" aria-label={t('market.admin.statusFilter')}>
            {(['all', ...RESOURCE_STATUSES] as const).map((s) => (
              <Button
                key={s}
                colorPalette="teal"
                variant={status === s ? 'solid' : 'outline'}
                aria-pressed={status === s}
                onClick={() => {
                  setStatus(s);
                  setPage(1);
                }}
              >
                {s === 'all' ? t('market.admin.all') : t(`market.resourceStatus.${s}`)}
              </Button>
            ))}
          </ButtonGroup>
        </Stack>

        <ListState
          loading={loading && !data}
          error={error}
          empty={items.length === 0}
          errorText={t('market.admin.loadFailed')}
          emptyText={t('market.admin.empty')}
          emptyIcon={<Inbox />}
        >
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="5">
            {items.map((r) => (
              <ResourceCard
                key={r.id}
                resource={r}
                showStatus
                linkTitle={false}
                actions={
                  <>
                    <Button asChild size="sm" variant="outline">
                      <a href={paths.resource(r.id)} target="_blank" rel="noopener noreferrer">
                        <ExternalLink size={14} /> {t('market.my.view')}
                      </a>
                    </Button>
                    {r.status === 'pending' && (
                      <ReviewButtons
                        approve={{
                          label: t('market.admin.approve'),
                          title: t('market.admin.approveTitle'),
                          message: t('market.admin.approveConfirm', { title: r.title }),
                        }}
                        reject={{
                          label: t('market.admin.reject'),
                          title: t('market.admin.rejectTitle'),
                          message: t('market.admin.rejectConfirm', { title: r.title }),
                        }}
                        onApprove={() =>
                          act(() => approve({ variables: { id: r.id } }), t('market.admin.approved'), t('market.admin.approveFailed'))
                        }
                        onReject={(reason) =>
                          act(() => reject({ variables: { id: r.id, reason } }), t('market.admin.rejected'), t('market.admin.rejectFailed'))
                        }
                      />
                    )}
                  </>
                }
              >
                <Text fontSize="sm" color="gray.600">
                  {t('market.admin.ownerLine', { name: r.ownerName, date: formatDate(r.createdAt, i18n.language) })}
                </Text>
                {r.rejectionReason && (
                  <Text fontSize="sm" color="red.600">
                    {t('market.my.rejectedBecause', { reason: r.rejectionReason })}
                  </Text>
                )}
              </ResourceCard>
            ))}
          </SimpleGrid>
        </ListState>
        <CardsPager page={page} pages={pages} onPage={setPage} />
      </Stack>
    </Container>
  );
}
