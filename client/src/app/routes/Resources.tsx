import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  Box,
  Button,
  ButtonGroup,
  Container,
  EmptyState,
  Field,
  Heading,
  HStack,
  Input,
  InputGroup,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { PackageSearch, Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CATEGORIES, SORTS } from '@shared/marketplace.rules';
import { ResourcesQuery } from '../../features/marketplace/operations';
import { ResourceCard } from '../../features/marketplace/ResourceCard';
import { FavoriteButton } from '../../features/favorites/FavoriteButton';
import { categoryLabel } from '../../lib/labels';
import { paths } from '../../config/paths';
import { useRouteMeta } from '../../lib/page-meta';
import { CardGridSkeleton } from '../../components/ui/skeletons';
import { CardsPager } from '../../components/ui/Pager';

const PAGE_SIZE = 12;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Today's Riyadh date, YYYY-MM-DD (the date inputs' min). */
const riyadhToday = () => new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);

/** The public marketplace (spec section 2): category filter, search, sort, pages. State lives in the URL. */
export default function ResourcesPage() {
  const { t } = useTranslation();
  useRouteMeta(paths.resources);
  const [params, setParams] = useSearchParams();
  const category = params.get('category') ?? 'all';
  const search = params.get('q') ?? '';
  const sort = params.get('sort') ?? 'newest';
  const page = Math.max(1, Number(params.get('page')) || 1);
  // Free dates (Riyadh days): applied once both are there and in order; an unset filter stays out of the variables,
  // so the plain marketplace query is the one every visitor shares (and the server replays).
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const today = riyadhToday();
  const dated = DAY.test(from) && DAY.test(to) && from <= to;
  const [text, setText] = useState(search);

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === '' || (k === 'category' && v === 'all') || (k === 'page' && v === '1')) next.delete(k);
      else next.set(k, v);
    }
    setParams(next, { replace: true });
  };

  // Search as you type, after a short pause.
  useEffect(() => {
    if (text.trim() === search) return;
    // A result opened during the pause has moved the browser on: the search must not follow it to that page.
    const at = window.location.pathname;
    const id = setTimeout(() => {
      if (window.location.pathname === at) update({ q: text.trim(), page: null });
    }, 350);
    return () => clearTimeout(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);

  const { data, loading, error } = useQuery(ResourcesQuery, {
    variables: {
      filter: {
        category,
        search: search || null,
        sort,
        page,
        pageSize: PAGE_SIZE,
        ...(dated ? { availableFrom: from, availableTo: to } : {}),
      },
    },
  });
  // A list failure shows an empty list (spec section 8).
  const items = error ? [] : (data?.resources.items ?? []);
  const total = error ? 0 : (data?.resources.total ?? 0);
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <Container maxW="7xl" py="10">
      <Stack gap="6">
        <Box>
          <Heading as="h1" size="2xl">
            {t('market.list.title')}
          </Heading>
          <Text color="gray.600" mt="1">
            {t('market.list.subtitle')}
          </Text>
        </Box>

        <Stack direction={{ base: 'column', md: 'row' }} gap="3" justify="space-between">
          <InputGroup startElement={<Search size={16} />} maxW={{ md: 'md' }}>
            <Input
              type="search"
              name="q"
              aria-label={t('market.list.search')}
              placeholder={t('market.list.searchPlaceholder')}
              value={text}
              onChange={(e) => setText(e.target.value)}
              maxLength={100}
            />
          </InputGroup>
          <HStack gap="2" align="flex-end" wrap="wrap" data-testid="date-filter">
            <Field.Root width="auto">
              <Field.Label fontSize="sm">{t('availability.calendar.filterFrom')}</Field.Label>
              <Input
                type="date"
                size="sm"
                dir="ltr"
                value={from}
                min={today}
                onChange={(e) =>
                  update({ from: e.target.value, to: to && to < e.target.value ? e.target.value : to || e.target.value, page: null })
                }
              />
            </Field.Root>
            <Field.Root width="auto">
              <Field.Label fontSize="sm">{t('availability.calendar.filterTo')}</Field.Label>
              <Input
                type="date"
                size="sm"
                dir="ltr"
                value={to}
                min={from || today}
                onChange={(e) => update({ to: e.target.value, page: null })}
              />
            </Field.Root>
            {(from || to) && (
              <Button size="sm" variant="ghost" onClick={() => update({ from: null, to: null, page: null })}>
                {t('availability.calendar.clearDates')}
              </Button>
            )}
          </HStack>
          <NativeSelect.Root maxW={{ md: '56' }}>
            <NativeSelect.Field
              name="sort"
              aria-label={t('market.list.sort')}
              value={sort}
              onChange={(e) => update({ sort: e.target.value, page: null })}
            >
              {SORTS.map((s) => (
                <option key={s} value={s}>
                  {t(`market.sorts.${s}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Stack>

        <ButtonGroup size="sm" variant="outline" flexWrap="wrap" gap="2" role="group" aria-label={t('market.list.categoryFilter')}>
          {['all', ...CATEGORIES].map((c) => (
            <Button
              key={c}
              variant={category === c ? 'solid' : 'outline'}
              colorPalette="teal"
              aria-pressed={category === c}
              onClick={() => update({ category: c, page: null })}
            >
              {c === 'all' ? t('market.list.allCategories') : categoryLabel(t, c)}
            </Button>
          ))}
        </ButtonGroup>

        {loading && !data ? (
          <CardGridSkeleton />
        ) : items.length === 0 ? (
          <EmptyState.Root>
            <EmptyState.Content>
              <EmptyState.Indicator>
                <PackageSearch />
              </EmptyState.Indicator>
              <EmptyState.Title>{t('market.list.empty')}</EmptyState.Title>
              <EmptyState.Description>{t('market.list.emptyHint')}</EmptyState.Description>
            </EmptyState.Content>
          </EmptyState.Root>
        ) : (
          <>
            <Text fontSize="sm" color="gray.600" aria-live="polite">
              {data?.resources.totalCapped ? t('market.list.countMany', { count: total }) : t('market.list.count', { count: total })}
            </Text>
            <SimpleGrid columns={{ base: 1, sm: 2, lg: 3, xl: 4 }} gap="5">
              {items.map((r, i) => (
                <ResourceCard key={r.id} resource={r} priority={i < 2} favorite={<FavoriteButton resourceId={r.id} />} />
              ))}
            </SimpleGrid>
          </>
        )}

        <CardsPager page={page} pages={pages} onPage={(p) => update({ page: String(p) })} />
      </Stack>
    </Container>
  );
}
