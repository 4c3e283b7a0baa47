import type { ReactNode } from 'react';
import { Box, Card, Container, Grid, SimpleGrid, Skeleton, SkeletonText, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/**
 * Loading placeholders shaped like the content they stand for, so the page does not jump when it arrives. The
 * shapes are decoration; screen readers hear "Loading…" once, and `aria-busy` holds until the content replaces it.
 */
function Loading({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-busy="true" aria-label={t('common.loading')}>
      <Box aria-hidden>{children}</Box>
    </Box>
  );
}

/** A grid of listing cards (the marketplace's columns and the card's picture height). */
export function CardGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <Loading>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3, xl: 4 }} gap="5">
        {Array.from({ length: count }, (_, i) => (
          <Card.Root key={i} overflow="hidden" size="sm">
            <Skeleton h="44" rounded="none" />
            <Card.Body gap="3">
              <Skeleton h="5" w="24" />
              <SkeletonText noOfLines={2} />
              <Skeleton h="5" w="32" />
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
    </Loading>
  );
}

/** A detail page: its picture, title and text, and the side panel (booking or request). */
export function DetailSkeleton() {
  return (
    <Container maxW="6xl" py="8">
      <Loading>
        <Grid templateColumns={{ base: '1fr', lg: '2fr 1fr' }} gap="8">
          <Stack gap="5">
            <Skeleton h={{ base: '56', md: '80' }} rounded="lg" />
            <Skeleton h="8" w="2/3" />
            <SkeletonText noOfLines={5} />
          </Stack>
          <Skeleton h="72" rounded="lg" />
        </Grid>
      </Loading>
    </Container>
  );
}

/** A list of rows (bookings, requests, inbox items). */
export function RowsSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <Loading>
      <Stack gap="3" py="4">
        {Array.from({ length: rows }, (_, i) => (
          <Skeleton key={i} h="20" rounded="md" />
        ))}
      </Stack>
    </Loading>
  );
}
