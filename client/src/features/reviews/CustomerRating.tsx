import { useState } from 'react';
import { Button, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { customerRatingSchema, isReviewable, REVIEW_LIMITS } from '@shared/reviews.rules';
import { ActionDialog } from '../../components/ui/ActionDialog';
import { FormField } from '../../components/ui/FormField';
import { notify } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/errors';
import { fieldError, placeServerError, useZodForm } from '../../lib/forms';
import { CustomerRatingQuery, RateCustomerMutation } from './operations';
import { StarInput } from './StarInput';

/** What the host sees of the customer (other hosts' average) and, once the booking is done, their own private rating. */
function CustomerRatingBody({
  booking,
  onDone,
}: {
  booking: { id: string; status: string; paymentStatus: string; resourceType: string };
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { data } = useQuery(CustomerRatingQuery, { variables: { bookingId: booking.id }, fetchPolicy: 'cache-and-network' });
  const form = useZodForm(customerRatingSchema, { defaultValues: { rating: 0, note: '' } });
  const { errors, isSubmitting } = form.formState;
  const [problem, setProblem] = useState<string | null>(null);
  const [rate] = useMutation(RateCustomerMutation, { refetchQueries: ['CustomerRating'] });
  const s = data?.customerRating;
  const canRate = isReviewable(booking) && s && s.myRating == null;
  const send = async (v: z.output<typeof customerRatingSchema>) => {
    setProblem(null);
    try {
      await rate({ variables: { bookingId: booking.id, input: { rating: v.rating, note: v.note } } });
      notify.success(t('reviews.customer.saved'));
      onDone();
    } catch (err) {
      if (!placeServerError(err, form.setError, ['rating', 'note'])) setProblem(errorMessage(err, t('reviews.failed')));
    }
  };
  return (
    <Stack gap="4">
      <Text data-testid="customer-average">
        {s?.average != null ? t('reviews.customer.average', { rating: s.average.toFixed(1), n: s.count }) : t('reviews.customer.noneYet')}
      </Text>
      <Text fontSize="sm" color="gray.600">
        {t('reviews.customer.private')}
      </Text>
      {s?.myRating != null && <Text>{t('reviews.customer.yours', { n: s.myRating })}</Text>}
      {canRate && (
        <>
          <StarInput
            name={`customer-${booking.id}`}
            label={t('reviews.customer.rateLabel')}
            value={Number(form.watch('rating'))}
            onChange={(n) => form.setValue('rating', n, { shouldDirty: true, shouldTouch: true, shouldValidate: true })}
            onBlur={() => void form.trigger('rating')}
            error={fieldError(errors, 'rating')}
          />
          <FormField label={t('reviews.customer.note')} error={fieldError(errors, 'note')}>
            <Textarea {...form.register('note')} maxLength={REVIEW_LIMITS.noteMax} rows={3} dir="auto" />
          </FormField>
          {problem && (
            <Text color="red.600" role="alert">
              {problem}
            </Text>
          )}
          <Button colorPalette="teal" alignSelf="start" loading={isSubmitting} onClick={() => void form.handleSubmit(send)()}>
            {t('reviews.customer.save')}
          </Button>
        </>
      )}
    </Stack>
  );
}

/** On a booking a host sees: the customer as other hosts rated them, and the host's own private rating. */
export function CustomerRatingButton({
  booking,
}: {
  booking: { id: string; status: string; paymentStatus: string; resourceType: string };
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <ActionDialog
      open={open}
      setOpen={setOpen}
      trigger={
        <Button size="sm" variant="outline" data-testid="customer-rating">
          {t('reviews.customer.button')}
        </Button>
      }
      title={t('reviews.customer.title')}
      confirmLabel={t('reviews.customer.close')}
      keepLabel={t('reviews.cancel')}
      colorPalette="gray"
      busy={false}
      onConfirm={() => setOpen(false)}
    >
      {open && <CustomerRatingBody booking={booking} onDone={() => undefined} />}
    </ActionDialog>
  );
}
