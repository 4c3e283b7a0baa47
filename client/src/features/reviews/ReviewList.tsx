import { useState } from 'react';
import { Box, Button, Card, Heading, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { replySchema, REVIEW_LIMITS } from '@shared/reviews.rules';
import type { ReviewItem_ReviewFragment } from '../../gql/graphql';
import { formatDate } from '../../lib/format';
import { errorMessage } from '../../lib/errors';
import { fieldError, placeServerError, useZodForm } from '../../lib/forms';
import { FormField } from '../../components/ui/FormField';
import { notify } from '../../components/ui/toaster';
import { ReplyToReviewMutation, ResourceReviewsQuery } from './operations';
import { Stars } from './Stars';
import { Pager } from '../../components/ui/Pager';

const PAGE_SIZE = 10;

/** The host's answer form under a review of their listing (once: the server refuses a second). */
function ReplyForm({ reviewId }: { reviewId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const form = useZodForm(replySchema, { defaultValues: { text: '' } });
  const { errors, isSubmitting } = form.formState;
  const [problem, setProblem] = useState<string | null>(null);
  const [reply] = useMutation(ReplyToReviewMutation);
  if (!open)
    return (
      <Button size="xs" variant="outline" alignSelf="start" onClick={() => setOpen(true)} data-testid="reply-open">
        {t('reviews.reply')}
      </Button>
    );
  const send = async (v: z.output<typeof replySchema>) => {
    setProblem(null);
    try {
      await reply({ variables: { reviewId, text: v.text } });
      notify.success(t('reviews.replied'));
      setOpen(false);
    } catch (err) {
      if (!placeServerError(err, form.setError, ['text'])) setProblem(errorMessage(err, t('reviews.replyFailed')));
    }
  };
  return (
    <Stack gap="2">
      <FormField label={t('reviews.replyLabel')} error={fieldError(errors, 'text')}>
        <Textarea {...form.register('text')} maxLength={REVIEW_LIMITS.replyMax} rows={3} dir="auto" data-testid="reply-text" />
      </FormField>
      {problem && (
        <Text color="red.600" role="alert">
          {problem}
        </Text>
      )}
      <HStack>
        <Button
          size="sm"
          colorPalette="teal"
          loading={isSubmitting}
          onClick={() => void form.handleSubmit(send)()}
          data-testid="reply-send"
        >
          {t('reviews.replySend')}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setOpen(false)}>
          {t('reviews.cancel')}
        </Button>
      </HStack>
    </Stack>
  );
}

function ReviewItem({ review: r, canReply }: { review: ReviewItem_ReviewFragment; canReply: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <Card.Root size="sm" as="article" data-testid="review">
      <Card.Body>
        <Stack gap="2">
          <HStack justify="space-between" wrap="wrap">
            <HStack gap="3">
              <Stars rating={r.rating} />
              <Text fontWeight="semibold" dir="auto">
                {r.authorName}
              </Text>
            </HStack>
            <Text fontSize="sm" color="gray.600">
              {formatDate(r.createdAt, i18n.language)}
            </Text>
          </HStack>
          <Text whiteSpace="pre-line" dir="auto" data-testid="review-text">
            {r.comment}
          </Text>
          {r.reply ? (
            <Box borderStartWidth="3px" borderColor="teal.500" ps="3" data-testid="review-reply">
              <Text fontSize="sm" fontWeight="semibold">
                {t('reviews.hostReply')}
              </Text>
              <Text fontSize="sm" whiteSpace="pre-line" dir="auto">
                {r.reply}
              </Text>
            </Box>
          ) : (
            canReply && <ReplyForm reviewId={r.id} />
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * A listing's reviews, newest first, on its page. The server draws the first page with the listing (search engines
 * read them); more come a page at a time. The listing's owner answers from here.
 */
export function ReviewList({
  resourceId,
  rating,
  count,
  isOwner,
}: {
  resourceId: string;
  rating: number;
  count: number;
  isOwner: boolean;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { data, previousData, loading } = useQuery(ResourceReviewsQuery, {
    variables: { resourceId, page, pageSize: PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  const reviews = (data ?? previousData)?.resourceReviews;
  const pages = reviews ? Math.ceil(reviews.total / PAGE_SIZE) : 1;
  return (
    <Box as="section" aria-labelledby="reviews-heading" data-testid="reviews">
      <HStack gap="3" mb="3" wrap="wrap">
        <Heading as="h2" size="lg" id="reviews-heading">
          {t('reviews.title')}
        </Heading>
        {count > 0 && (
          <HStack gap="2">
            <Stars rating={rating} />
            <Text fontSize="sm" color="gray.600">
              {t('reviews.summary', { rating: rating.toFixed(1), count })}
            </Text>
          </HStack>
        )}
      </HStack>
      {reviews && reviews.items.length === 0 ? (
        <Text color="gray.600">{t('reviews.none')}</Text>
      ) : (
        <Stack gap="3">
          {reviews?.items.map((r) => (
            <ReviewItem key={r.id} review={r} canReply={isOwner} />
          ))}
          {pages > 1 && (
            <Pager
              previous={{ label: t('reviews.newer'), disabled: page <= 1 || loading }}
              next={{ label: t('reviews.older'), disabled: page >= pages || loading }}
              status={t('reviews.pageOf', { page, pages })}
              onPrevious={() => setPage((p) => p - 1)}
              onNext={() => setPage((p) => p + 1)}
            />
          )}
        </Stack>
      )}
    </Box>
  );
}
