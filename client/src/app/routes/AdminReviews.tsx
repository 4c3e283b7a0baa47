import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Badge, Button, Card, Container, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { MessageSquareOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AdminPageHeader } from '../../features/admin/AdminPageHeader';
import { ListState } from '../../components/ui/list-state';
import { hideReviewSchema, REVIEW_LIMITS } from '@shared/reviews.rules';
import { ConfirmButton } from '../../features/marketplace/ConfirmDialog';
import { AdminReviewsQuery, HideReviewMutation } from '../../features/reviews/operations';
import { Stars } from '../../features/reviews/Stars';
import { notify } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { paths } from '../../config/paths';
import { Pager } from '../../components/ui/Pager';

const PAGE_SIZE = 20;

/** /admin/reviews: every review, newest first; an admin hides one with a reason (audit logged, it leaves the rating). */
export default function AdminReviewsPage() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const { data, previousData, loading, error } = useQuery(AdminReviewsQuery, {
    variables: { page, pageSize: PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  const [hide] = useMutation(HideReviewMutation);
  const reviews = (data ?? previousData)?.adminReviews;
  const pages = reviews ? Math.max(1, Math.ceil(reviews.total / PAGE_SIZE)) : 1;
  return (
    <Container maxW="5xl" py="10">
      <AdminPageHeader title={t('reviews.admin.title')} subtitle={t('reviews.admin.subtitle')} />
      <ListState
        loading={loading && !reviews}
        error={error}
        empty={!!reviews && reviews.items.length === 0}
        errorText={t('reviews.admin.loadFailed')}
        emptyText={t('reviews.admin.empty')}
        emptyIcon={<MessageSquareOff />}
      >
        <Stack gap="3">
          {reviews?.items.map((r) => (
            <Card.Root key={r.id} size="sm" data-testid="admin-review" opacity={r.hidden ? 0.7 : 1}>
              <Card.Body>
                <Stack gap="2">
                  <HStack justify="space-between" wrap="wrap" gap="3">
                    <HStack gap="3" wrap="wrap">
                      <Stars rating={r.rating} />
                      <Text fontWeight="semibold" dir="auto">
                        {r.authorName}
                      </Text>
                      <RouterLink to={paths.resource(r.resourceId)}>
                        <Text color="teal.700" dir="auto">
                          {r.resourceTitle}
                        </Text>
                      </RouterLink>
                      {r.hidden && <Badge colorPalette="gray">{t('reviews.admin.hidden')}</Badge>}
                    </HStack>
                    <Text fontSize="sm" color="gray.600">
                      {formatDate(r.createdAt, i18n.language)}
                    </Text>
                  </HStack>
                  <Text whiteSpace="pre-line" dir="auto">
                    {r.comment}
                  </Text>
                  {r.reply && (
                    <Text fontSize="sm" color="gray.600" dir="auto">
                      {t('reviews.hostReply')}: {r.reply}
                    </Text>
                  )}
                  {r.hidden ? (
                    <Text fontSize="sm" color="gray.600">
                      {t('reviews.admin.hiddenBecause', { reason: r.hiddenReason ?? '' })}
                    </Text>
                  ) : (
                    <ConfirmButton
                      trigger={
                        <Button size="sm" variant="outline" colorPalette="red" alignSelf="start" data-testid="hide-review">
                          {t('reviews.admin.hide')}
                        </Button>
                      }
                      title={t('reviews.admin.hideTitle')}
                      message={t('reviews.admin.hideText')}
                      confirmLabel={t('reviews.admin.hideYes')}
                      withReason
                      reasonLabel={t('reviews.admin.reason')}
                      reasonRequiredMessage={t('reviews.admin.reasonRequired')}
                      reasonRule={hideReviewSchema}
                      reasonMax={REVIEW_LIMITS.hideReasonMax}
                      onConfirm={async (reason) => {
                        try {
                          await hide({ variables: { reviewId: r.id, reason } });
                          notify.success(t('reviews.admin.hiddenDone'));
                        } catch (err) {
                          notify.error(errorMessage(err, t('reviews.admin.hideFailed')));
                        }
                      }}
                    />
                  )}
                </Stack>
              </Card.Body>
            </Card.Root>
          ))}
          {pages > 1 && (
            <Pager
              previous={{ label: t('reviews.newer'), disabled: page <= 1 }}
              next={{ label: t('reviews.older'), disabled: page >= pages }}
              status={t('reviews.pageOf', { page, pages })}
              onPrevious={() => setPage((p) => p - 1)}
              onNext={() => setPage((p) => p + 1)}
            />
          )}
        </Stack>
      </ListState>
    </Container>
  );
}
