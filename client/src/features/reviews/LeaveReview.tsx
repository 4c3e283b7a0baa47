import { useState } from 'react';
import { Button, Field, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { createReviewSchema, isReviewable, REVIEW_LIMITS } from '@shared/reviews.rules';
import { ActionDialog } from '../../components/ui/ActionDialog';
import { notify } from '../../components/ui/toaster';
import { errorMessage, translateServerMessage } from '../../lib/errors';
import { CreateReviewMutation } from './operations';
import { StarInput } from './StarInput';

interface ReviewableBooking {
  id: string;
  status: string;
  paymentStatus: string;
  resourceType: string;
  reviewed: boolean;
}

/** "Leave a review" on a booking its customer may review (completed, or a paid digital purchase), until they have. */
export function LeaveReviewButton({ booking, autoOpen = false }: { booking: ReviewableBooking; autoOpen?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(autoOpen);
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [create, { loading }] = useMutation(CreateReviewMutation, {
    // The booking now says it was reviewed, and the listing's reviews and rating change.
    update(cache) {
      cache.modify({ id: cache.identify({ __typename: 'Booking', id: booking.id }), fields: { reviewed: () => true } });
    },
    refetchQueries: ['ResourceReviews'],
  });
  if (booking.reviewed || !isReviewable(booking)) return null;

  const submit = async () => {
    const parsed = createReviewSchema.safeParse({ rating, comment });
    if (!parsed.success) return setProblem(translateServerMessage(parsed.error.issues[0]!.message));
    setProblem(null);
    try {
      await create({ variables: { bookingId: booking.id, input: { rating: parsed.data.rating, comment: parsed.data.comment } } });
      notify.success(t('reviews.thanks'));
      setOpen(false);
    } catch (err) {
      setProblem(errorMessage(err, t('reviews.failed')));
    }
  };

  return (
    <ActionDialog
      open={open}
      setOpen={setOpen}
      trigger={
        <Button size="sm" colorPalette="orange" variant="outline" data-testid="leave-review">
          {t('reviews.leave')}
        </Button>
      }
      title={t('reviews.dialogTitle')}
      confirmLabel={t('reviews.submit')}
      keepLabel={t('reviews.cancel')}
      colorPalette="teal"
      busy={loading}
      onConfirm={() => void submit()}
      testId="submit-review"
    >
      <Stack gap="4">
        <StarInput name={`rating-${booking.id}`} label={t('reviews.yourRating')} value={rating} onChange={setRating} />
        <Field.Root>
          <Field.Label>{t('reviews.yourComment')}</Field.Label>
          <Textarea
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            maxLength={REVIEW_LIMITS.commentMax}
            rows={4}
            dir="auto"
            data-testid="review-comment"
          />
          <Field.HelperText>{t('reviews.commentHelp', { min: REVIEW_LIMITS.commentMin })}</Field.HelperText>
        </Field.Root>
        {problem && (
          <Text color="red.600" role="alert" data-testid="review-problem">
            {problem}
          </Text>
        )}
      </Stack>
    </ActionDialog>
  );
}
