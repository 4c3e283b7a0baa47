import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Badge, Box, Card, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { Download, Eye, MapPin, Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ResourceCard_ResourceFragment } from '../../gql/graphql';
import { paths } from '../../config/paths';
import { categoryLabel, priceLabel } from '../../lib/labels';
import { ResourceStatusBadge } from './StatusBadge';
import { THUMBNAIL_WIDTH, thumbnailOf } from '@shared/images';

/** How wide a card is in the marketplace's grid (one, two, three or four columns). */
const CARD_SIZES = '(min-width: 80em) 300px, (min-width: 62em) 33vw, (min-width: 48em) 50vw, 100vw';

/**
 * `priority`: on screen at once (the first cards of a page): fetched first instead of when scrolled to. `card`: the
 * browser may take the 400 px copy of an uploaded picture (`srcset`); the detail page shows the large one.
 */
export function ResourceImage({
  resource,
  height = '44',
  priority,
  card = true,
}: {
  resource: ResourceCard_ResourceFragment;
  height?: string;
  priority?: boolean;
  card?: boolean;
}) {
  const src = resource.images[0];
  const thumbnail = card && src ? thumbnailOf(src) : null;
  return src ? (
    <Image
      src={src}
      srcSet={thumbnail ? `${thumbnail} ${THUMBNAIL_WIDTH}w, ${src} 1600w` : undefined}
      sizes={thumbnail ? CARD_SIZES : undefined}
      alt={resource.title}
      h={height}
      w="full"
      objectFit="cover"
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
    />
  ) : (
    <Box h={height} w="full" bgGradient="to-br" gradientFrom="teal.600" gradientTo="teal.300" aria-hidden />
  );
}

/**
 * A listing as a card. `showStatus` for the owner's and admin's views; `actions` below the body; `favorite`: the
 * heart, over the image's corner.
 */
export function ResourceCard({
  resource,
  showStatus,
  linkTitle = true,
  actions,
  children,
  priority,
  favorite,
}: {
  resource: ResourceCard_ResourceFragment;
  priority?: boolean;
  favorite?: ReactNode;
  showStatus?: boolean;
  linkTitle?: boolean;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Card.Root overflow="hidden" data-testid="resource-card" size="sm">
      <Box position="relative">
        <ResourceImage resource={resource} priority={priority} />
        {favorite && (
          <Box position="absolute" top="2" insetEnd="2">
            {favorite}
          </Box>
        )}
      </Box>
      <Card.Body gap="2">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <HStack gap="2">
            <Badge colorPalette="teal" variant="subtle">
              {categoryLabel(t, resource.category)}
            </Badge>
            {resource.resourceType === 'digital' && (
              <Badge colorPalette="purple" variant="subtle">
                <Download size={12} /> {t('market.digital')}
              </Badge>
            )}
          </HStack>
          {showStatus && <ResourceStatusBadge status={resource.status} />}
        </HStack>
        <Card.Title as="h2" fontSize="md" lineClamp={2} dir="auto">
          {linkTitle ? <RouterLink to={paths.resource(resource.id)}>{resource.title}</RouterLink> : resource.title}
        </Card.Title>
        <Stack gap="1" fontSize="sm" color="gray.600">
          <HStack gap="1">
            <MapPin size={14} aria-hidden />
            <Text lineClamp={1} dir="auto">
              {resource.location}
            </Text>
          </HStack>
          <HStack gap="3">
            <HStack gap="1">
              <Eye size={14} aria-hidden />
              <Text>{t('market.views', { count: resource.viewsCount })}</Text>
            </HStack>
            {resource.reviewsCount > 0 && (
              <HStack
                gap="1"
                role="img"
                aria-label={t('reviews.summary', { rating: resource.rating.toFixed(1), count: resource.reviewsCount })}
                data-testid="card-rating"
              >
                <Box as="span" color="orange.400" display="inline-flex" aria-hidden>
                  <Star size={14} fill="currentColor" />
                </Box>
                <Text aria-hidden>
                  {resource.rating.toFixed(1)} ({resource.reviewsCount})
                </Text>
              </HStack>
            )}
          </HStack>
        </Stack>
        <Text fontWeight="bold" color="teal.700">
          {priceLabel(t, i18n.language, resource.price, resource.period)}
        </Text>
        {children}
      </Card.Body>
      {actions && (
        <Card.Footer gap="2" flexWrap="wrap">
          {actions}
        </Card.Footer>
      )}
    </Card.Root>
  );
}
