import { useState } from 'react';
import { Button, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { createReviewSchema, isReviewable, REVIEW_LIMITS } from '@shared/reviews.rules';
import { ActionDialog } from '../../components/ui/ActionDialog';
import { FormField } from '../../components/ui/FormField';
import { notify } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/errors';
import { fieldError, placeServerError, useZodForm } from '../../lib/forms';
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
  const form = useZodForm(createReviewSchema, { defaultValues: { rating: 0, comment: '' } });
  const { errors, isSubmitting } = form.formState;
  const rating = Number(form.watch('rating'));
  const [problem, setProblem] = useState<string | null>(null);
  const [create] = useMutation(CreateReviewMutation, {
    // The booking now says it was reviewed, and the listing's reviews and rating change.
    update(cache) {
      cache.modify({ id: cache.identify({ __typename: 'Booking', id: booking.id }), fields: { reviewed: () => true } });
    },
    refetchQueries: ['ResourceReviews'],
  });
  if (booking.reviewed || !isReviewable(booking)) return null;

  const submit = async (v: z.output<typeof createReviewSchema>) => {
    setProblem(null);
    try {
      await create({ variables: { bookingId: booking.id, input: { rating: v.rating, comment: v.comment } } });
      notify.success(t('reviews.thanks'));
      setOpen(false);
    } catch (err) {
      // A refusal of the rating or the comment lands there; any other (already reviewed) is the dialog's message.
      if (!placeServerError(err, form.setError, ['rating', 'comment'])) setProblem(errorMessage(err, t('reviews.failed')));
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
      busy={isSubmitting}
      onConfirm={() => void form.handleSubmit(submit)()}
      testId="submit-review"
    >
      <Stack gap="4">
        <StarInput
          name={`rating-${booking.id}`}
          label={t('reviews.yourRating')}
          value={rating}
          onChange={(n) => form.setValue('rating', n, { shouldDirty: true, shouldTouch: true, shouldValidate: true })}
          onBlur={() => void form.trigger('rating')}
          error={fieldError(errors, 'rating')}
        />
        <FormField
          label={t('reviews.yourComment')}
          error={fieldError(errors, 'comment')}
          helper={t('reviews.commentHelp', { min: REVIEW_LIMITS.commentMin })}
        >
          <Textarea {...form.register('comment')} maxLength={REVIEW_LIMITS.commentMax} rows={4} dir="auto" data-testid="review-comment" />
        </FormField>
        {problem && (
          <Text color="red.600" role="alert" data-testid="review-problem">
            {problem}
          </Text>
        )}
      </Stack>
    </ActionDialog>
  );
}
