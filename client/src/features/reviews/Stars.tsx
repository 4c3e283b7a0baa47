import { HStack, chakra } from '@chakra-ui/react';
import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** A rating drawn as five stars (filled up to the rounded rating), read out as "4.5 out of 5". */
export function Stars({ rating, size = 14 }: { rating: number; size?: number }) {
  const { t } = useTranslation();
  const full = Math.round(rating);
  return (
    <HStack gap="0.5" role="img" aria-label={t('reviews.outOfFive', { rating: rating.toFixed(1) })} color="orange.400">
      {[1, 2, 3, 4, 5].map((n) => (
        <chakra.span key={n} display="inline-flex" opacity={n <= full ? 1 : 0.35} aria-hidden>
          <Star size={size} fill={n <= full ? 'currentColor' : 'none'} />
        </chakra.span>
      ))}
    </HStack>
  );
}
