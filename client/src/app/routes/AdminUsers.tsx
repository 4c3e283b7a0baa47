import { useEffect, useRef, useState } from 'react';
import { Box, Button, Container, SimpleGrid, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { ShieldCheck, Store, UserX, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AdminUsersQuery } from '../../features/admin/operations';
import { AdminPageHeader } from '../../features/admin/AdminPageHeader';
import { StatCard } from '../../features/admin/StatCard';
import { UsersTable } from '../../features/admin/UsersTable';
import { notify } from '../../components/ui/toaster';
import { ListState } from '../../components/ui/list-state';
import { FilterBar, FilterSearch } from '../../components/ui/FilterBar';
import { useAuth } from '../../lib/auth';

const PAGE = 50;

export default function AdminUsersPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [limit, setLimit] = useState(PAGE);

  // Search as the admin types, without a request per key stroke.
  useEffect(() => {
    const id = setTimeout(() => {
      setSearch(input.trim());
      setLimit(PAGE);
    }, 300);
    return () => clearTimeout(id);
  }, [input]);

  const { data, previousData, loading, error, refetch } = useQuery(AdminUsersQuery, {
    variables: { search: search || null, limit, offset: 0 },
    fetchPolicy: 'cache-and-network',
  });
  const shownError = useRef<unknown>(null);
  useEffect(() => {
    if (error && shownError.current !== error) {
      shownError.current = error;
      notify.error(t('admin.users.loadFailed'));
    }
  }, [error, t]);

  const list = (data ?? previousData)?.adminUsers;
  const counts = list?.counts;

  return (
    <Container maxW="7xl" py="10">
      <AdminPageHeader title={t('admin.users.title')} subtitle={t('admin.users.subtitle')} />

      <SimpleGrid columns={{ base: 2, md: 4 }} gap="4" mb="8">
        <StatCard testId="count-total" label={t('admin.users.countTotal')} value={counts?.total ?? '—'} icon={<Users size={20} />} />
        <StatCard testId="count-hosts" label={t('admin.users.countHosts')} value={counts?.hostsSellers ?? '—'} icon={<Store size={20} />} />
        <StatCard
          testId="count-active"
          label={t('admin.users.countActive')}
          value={counts?.active ?? '—'}
          icon={<ShieldCheck size={20} />}
        />
        <StatCard
          testId="count-suspended"
          label={t('admin.users.countSuspended')}
          value={counts?.suspended ?? '—'}
          icon={<UserX size={20} />}
        />
      </SimpleGrid>

      <FilterBar>
        <FilterSearch label={t('admin.users.search')} value={input} onChange={setInput} placeholder={t('admin.users.searchPlaceholder')} />
      </FilterBar>

      <ListState
        loading={!list && loading}
        error={!list && error}
        empty={!!list && list.items.length === 0}
        errorText={t('admin.users.loadFailed')}
        emptyText={t('admin.users.empty')}
        emptyIcon={<Users />}
      >
        {list && (
          <>
            <UsersTable users={list.items} currentUserId={user?.id} onChanged={() => void refetch()} />
            <Box mt="4" display="flex" alignItems="center" gap="4">
              <Text color="gray.600" fontSize="sm">
                {t('admin.users.showing', { shown: list.items.length, total: list.total })}
              </Text>
              {list.items.length < list.total && (
                <Button size="sm" variant="outline" onClick={() => setLimit((l) => l + PAGE)} loading={loading}>
                  {t('admin.users.loadMore')}
                </Button>
              )}
            </Box>
          </>
        )}
      </ListState>
    </Container>
  );
}
