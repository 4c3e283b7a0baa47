import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Badge, Box, Button, Container, Grid, Heading, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { ArrowLeft, Eye, MapPin, User } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FavoriteButton } from '../../features/favorites/FavoriteButton';
import { ResourceQuery } from '../../features/marketplace/operations';
import { BookingPanel } from '../../features/marketplace/BookingPanel';
import { CancellationPolicyText } from '../../features/marketplace/CancellationPolicy';
import { AskHostButton } from '../../features/messages/AskHostButton';
import { ResourceImage } from '../../features/marketplace/ResourceCard';
import { ResourceForm, toPayload, type ResourceFormValues } from '../../features/marketplace/ResourceForm';
import { ResourceStatusBadge } from '../../features/marketplace/StatusBadge';
import { ResourceChangesNotice } from '../../features/marketplace/ResourceChanges';
import { categoryLabel, priceLabel } from '../../lib/labels';
import { sendListing } from '../../features/marketplace/rest';
import { useAuth } from '../../lib/auth';
import { notify } from '../../components/ui/toaster';
import { paths } from '../../config/paths';
import { DetailSkeleton } from '../../components/ui/skeletons';
import { ReviewList } from '../../features/reviews/ReviewList';
import { Stars } from '../../features/reviews/Stars';

/** /resources/{id}: details, booking form or download; `?edit=true` edits an active listing for its owner. */
export default function ResourceDetailPage() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { t, i18n } = useTranslation();
  const { user, isAdmin, isHost } = useAuth();
  const { data, loading, error, refetch } = useQuery(ResourceQuery, { variables: { id }, fetchPolicy: 'cache-and-network' }); // asked every time: each visit counts a view
  const [selected, setSelected] = useState(0);
  const redirected = useRef(false);

  useEffect(() => {
    if (error && !redirected.current) {
      redirected.current = true;
      notify.error(t('market.detail.notFound'));
      navigate(paths.resources, { replace: true });
    }
  }, [error, navigate, t]);

  if (loading && !data) return <DetailSkeleton />;
  const r = data?.resource;
  if (!r) return null;
  // The server decides; this only hides what it would refuse (a host demoted to regular may not edit).
  const canManage = !!user && (isAdmin || (isHost && user.id === r.ownerId));
  const editing = params.get('edit') === 'true' && canManage && r.status === 'active';

  if (editing) {
    // A host's edit continues from their revision awaiting review, if there is one.
    const source = r.pendingChanges ?? r;
    const initial: ResourceFormValues = {
      title: source.title,
      description: source.description,
      category: source.category,
      period: source.period,
      price: String(source.price),
      location: source.location,
      images: source.images.map((src, i) => ({ src, name: `${t('market.form.image')} ${i + 1}` })),
      digital: r.resourceType === 'digital',
      file: null,
      fileFormat: r.fileFormat ?? 'pdf',
      cancellationPolicy: r.cancellationPolicy,
    };
    return (
      <Container maxW="3xl" py="10">
        <Heading as="h1" size="2xl" mb="6">
          {t('market.form.editTitle')}
        </Heading>
        <Box mb="6">
          <ResourceChangesNotice resource={r} />
        </Box>
        <ResourceForm
          initial={initial}
          editing
          submitLabel={t('market.form.save')}
          failMessage={t('market.form.saveFailed')}
          onSubmit={async (v) => {
            // The form has no tag editor: the listing's tags go back as they are.
            const saved = await sendListing<{ pendingChanges?: unknown }>('PUT', `/resources/${r.id}`, {
              ...toPayload(v),
              tags: source.tags,
            });
            if (saved.pendingChanges) notify.info(t('market.changes.sentForReview'));
            else notify.success(t('market.form.saved'));
            await refetch();
            setParams({}, { replace: true });
          }}
        />
      </Container>
    );
  }

  const image = r.images[selected] ?? r.images[0];
  return (
    <Container maxW="6xl" py="8">
      <Button asChild variant="ghost" size="sm" mb="4">
        <RouterLink to={paths.resources}>
          <ArrowLeft size={16} style={{ transform: i18n.dir() === 'rtl' ? 'scaleX(-1)' : undefined }} /> {t('market.detail.back')}
        </RouterLink>
      </Button>
      <Grid templateColumns={{ base: '1fr', lg: '2fr 1fr' }} gap="8">
        <Stack gap="5">
          <Box rounded="lg" overflow="hidden" borderWidth="1px">
            {/* The space is kept before the picture arrives (no layout shift), and it is the first thing fetched. */}
            {image ? (
              <Image src={image} alt={r.title} w="full" aspectRatio={16 / 9} maxH="md" objectFit="cover" fetchPriority="high" />
            ) : (
              <ResourceImage resource={r} height="72" card={false} />
            )}
          </Box>
          {r.images.length > 1 && (
            <HStack gap="2" wrap="wrap">
              {r.images.map((src, i) => (
                <Box
                  as="button"
                  key={src}
                  onClick={() => setSelected(i)}
                  borderWidth="2px"
                  borderColor={i === selected ? 'teal.500' : 'transparent'}
                  rounded="md"
                  overflow="hidden"
                  aria-label={`${t('market.form.image')} ${i + 1}`}
                >
                  <Image src={src} alt="" h="16" w="24" objectFit="cover" />
                </Box>
              ))}
            </HStack>
          )}
          <HStack gap="2" wrap="wrap">
            <Badge colorPalette="teal">{categoryLabel(t, r.category)}</Badge>
            {r.resourceType === 'digital' && <Badge colorPalette="purple">{t('market.digital')}</Badge>}
            {canManage && <ResourceStatusBadge status={r.status} />}
            <Badge colorPalette={r.availability === 'Available' ? 'green' : 'gray'} variant="outline">
              {r.availability === 'Available' ? t('market.detail.available') : t('market.detail.unavailable')}
            </Badge>
          </HStack>
          <HStack justify="space-between" align="start" gap="3">
            <Heading as="h1" size="2xl" dir="auto">
              {r.title}
            </Heading>
            {r.status === 'active' && <FavoriteButton resourceId={r.id} size="md" />}
          </HStack>
          <HStack gap="4" color="gray.600" fontSize="sm" wrap="wrap">
            <HStack gap="1">
              <MapPin size={14} aria-hidden /> <Text dir="auto">{r.location}</Text>
            </HStack>
            <HStack gap="1">
              <User size={14} aria-hidden /> <Text>{t('market.detail.by', { name: r.ownerName })}</Text>
            </HStack>
            <HStack gap="1">
              <Eye size={14} aria-hidden /> <Text>{t('market.views', { count: r.viewsCount })}</Text>
            </HStack>
            {r.reviewsCount > 0 && (
              <HStack gap="1">
                <Stars rating={r.rating} />
                <Text>{t('reviews.summary', { rating: r.rating.toFixed(1), count: r.reviewsCount })}</Text>
              </HStack>
            )}
          </HStack>
          <Text fontSize="xl" fontWeight="bold" color="teal.700">
            {priceLabel(t, i18n.language, r.price, r.period)}
          </Text>
          <Text whiteSpace="pre-line" dir="auto">
            {r.description}
          </Text>
          {r.tags.length > 0 && (
            <HStack gap="2" wrap="wrap">
              {r.tags.map((tag) => (
                <Badge key={tag} variant="subtle">
                  {tag}
                </Badge>
              ))}
            </HStack>
          )}
          {canManage && r.status === 'rejected' && r.rejectionReason && (
            <Text color="red.600">{t('market.my.rejectedBecause', { reason: r.rejectionReason })}</Text>
          )}
          {r.status === 'withdrawn' && <Text color="gray.600">{t('market.changes.withdrawnHint')}</Text>}
          {canManage && <ResourceChangesNotice resource={r} />}
          {canManage && r.status === 'active' && (
            <Button asChild variant="outline" alignSelf="start">
              <RouterLink to={`${paths.resource(r.id)}?edit=true`}>{t('market.my.edit')}</RouterLink>
            </Button>
          )}
          {r.status === 'active' && (
            <ReviewList resourceId={r.id} rating={r.rating} count={r.reviewsCount} isOwner={user?.id === r.ownerId} />
          )}
        </Stack>
        <Box position={{ lg: 'sticky' }} top={{ lg: '4' }} alignSelf="start">
          <BookingPanel resource={r} busy={data?.resourceBusyRanges ?? []} openingHours={r.openingHours} />
          <Box mt="3">
            <CancellationPolicyText policy={r.cancellationPolicy} digital={r.resourceType === 'digital'} />
          </Box>
          {/* Signed-in people other than its host may ask about an active listing (visitors sign in first). */}
          {user && user.id !== r.ownerId && r.status === 'active' && (
            <Box mt="3">
              <AskHostButton resourceId={r.id} />
            </Box>
          )}
        </Box>
      </Grid>
    </Container>
  );
}
