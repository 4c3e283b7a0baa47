import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Container, EmptyState, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { Heart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MyFavoritesQuery } from '../../features/favorites/operations';
import { FavoriteButton } from '../../features/favorites/FavoriteButton';
import { ResourceCard } from '../../features/marketplace/ResourceCard';
import { CardGridSkeleton } from '../../components/ui/skeletons';
import { errorMessage } from '../../lib/errors';
import { paths } from '../../config/paths';
import { CardsPager } from '../../components/ui/Pager';

const PAGE_SIZE = 12;

/** /favorites: the signed-in user's saved listings still on the marketplace, newest save first. */
export default function FavoritesPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { data, loading, error } = useQuery(MyFavoritesQuery, { variables: { page, pageSize: PAGE_SIZE } });
  const items = data?.myFavorites.items ?? [];
  const total = data?.myFavorites.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <Container maxW="7xl" py="8">
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          {t('favorites.title')}
        </Heading>
        {error && <Text color="red.600">{errorMessage(error, t('favorites.loadFailed'))}</Text>}
        {loading && !data ? (
          <CardGridSkeleton />
        ) : items.length === 0 ? (
          <EmptyState.Root>
            <EmptyState.Content>
              <EmptyState.Indicator>
                <Heart />
              </EmptyState.Indicator>
              <EmptyState.Title>{t('favorites.empty')}</EmptyState.Title>
              <EmptyState.Description>
                <Link asChild color="teal.700">
                  <RouterLink to={paths.resources}>{t('favorites.browse')}</RouterLink>
                </Link>
              </EmptyState.Description>
            </EmptyState.Content>
          </EmptyState.Root>
        ) : (
          <>
            <Text fontSize="sm" color="gray.600" aria-live="polite">
              {t('favorites.count', { count: total })}
            </Text>
            <SimpleGrid columns={{ base: 1, sm: 2, lg: 3, xl: 4 }} gap="5" data-testid="favorites-list">
              {items.map((r) => (
                <ResourceCard key={r.id} resource={r} favorite={<FavoriteButton resourceId={r.id} />} />
              ))}
            </SimpleGrid>
          </>
        )}
        <CardsPager page={page} pages={pages} onPage={setPage} />
      </Stack>
    </Container>
  );
}
