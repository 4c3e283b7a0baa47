import { Link as RouterLink } from 'react-router-dom';
import { Button, Container, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { Plus, Store } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ListState } from '../../components/ui/list-state';
import { DeleteResourceMutation, MyResourcesQuery } from '../../features/marketplace/operations';
import { ResourceCard } from '../../features/marketplace/ResourceCard';
import { ConfirmButton } from '../../features/marketplace/ConfirmDialog';
import { StatCard } from '../../features/marketplace/StatCard';
import { ResourceChangesNotice } from '../../features/marketplace/ResourceChanges';
import { marketError } from '../../features/marketplace/messages';
import { notify } from '../../components/ui/toaster';
import { paths } from '../../config/paths';

/** /resources/my: the host's listings with counters, View, Edit (active only) and Delete. */
export default function MyResourcesPage() {
  const { t } = useTranslation();
  const { data, loading, error, refetch } = useQuery(MyResourcesQuery, { fetchPolicy: 'cache-and-network' });
  const [remove] = useMutation(DeleteResourceMutation);
  const items = data?.myResources ?? [];
  const counts = {
    total: items.length,
    active: items.filter((r) => r.status === 'active').length,
    pending: items.filter((r) => r.status === 'pending').length,
    views: items.reduce((s, r) => s + r.viewsCount, 0),
  };

  const onDelete = async (id: string) => {
    try {
      await remove({ variables: { id } });
      notify.success(t('market.my.deleted'));
      await refetch();
    } catch (err) {
      notify.error(marketError(err, t('market.my.deleteFailed')));
    }
  };

  return (
    <Container maxW="7xl" py="10">
      <Stack gap="6">
        <Flex justify="space-between" align="center" gap="4" wrap="wrap">
          <Heading as="h1" size="2xl">
            {t('market.my.title')}
          </Heading>
          <Flex gap="2" wrap="wrap">
            <Button asChild variant="outline">
              <RouterLink to={paths.resourceBookings}>{t('market.bookings.hostTitle')}</RouterLink>
            </Button>
            <Button asChild variant="outline">
              <RouterLink to={paths.resourceAnalytics}>{t('analytics.host.open')}</RouterLink>
            </Button>
            <Button asChild variant="outline">
              <RouterLink to={paths.earnings}>{t('payouts.title')}</RouterLink>
            </Button>
            <Button asChild colorPalette="teal">
              <RouterLink to={paths.listResource}>
                <Plus size={16} /> {t('market.my.listNew')}
              </RouterLink>
            </Button>
          </Flex>
        </Flex>
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
          <StatCard label={t('market.my.total')} value={counts.total} testId="count-total" />
          <StatCard label={t('market.my.active')} value={counts.active} testId="count-active" />
          <StatCard label={t('market.my.pending')} value={counts.pending} testId="count-pending" />
          <StatCard label={t('market.my.totalViews')} value={counts.views} testId="count-views" />
        </SimpleGrid>
        <ListState
          loading={loading && !data}
          error={error}
          empty={items.length === 0}
          errorText={t('market.my.loadFailed')}
          emptyText={t('market.my.empty')}
          emptyIcon={<Store />}
        >
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="5">
            {items.map((r) => (
              <ResourceCard
                key={r.id}
                resource={r}
                showStatus
                actions={
                  <>
                    <Button asChild size="sm" variant="outline">
                      <RouterLink to={paths.resource(r.id)}>{t('market.my.view')}</RouterLink>
                    </Button>
                    {r.status === 'active' && (
                      <Button asChild size="sm" variant="outline">
                        <RouterLink to={`${paths.resource(r.id)}?edit=true`}>{t('market.my.edit')}</RouterLink>
                      </Button>
                    )}
                    {r.resourceType !== 'digital' && (
                      <Button asChild size="sm" variant="outline">
                        <RouterLink to={paths.resourceAvailability(r.id)}>{t('availability.manage')}</RouterLink>
                      </Button>
                    )}
                    <ConfirmButton
                      trigger={
                        <Button size="sm" variant="outline" colorPalette="red">
                          {t('market.my.delete')}
                        </Button>
                      }
                      title={t('market.my.deleteTitle')}
                      message={t('market.my.deleteConfirm', { title: r.title })}
                      confirmLabel={t('market.my.delete')}
                      onConfirm={() => onDelete(r.id)}
                    />
                  </>
                }
              >
                {r.status === 'rejected' && r.rejectionReason && (
                  <Text fontSize="sm" color="red.600">
                    {t('market.my.rejectedBecause', { reason: r.rejectionReason })}
                  </Text>
                )}
                <ResourceChangesNotice resource={r} compact />
              </ResourceCard>
            ))}
          </SimpleGrid>
        </ListState>
      </Stack>
    </Container>
  );
}
