import { Box } from '@chakra-ui/react';
import { formatDate } from '../../lib/format';

/**
 * A service booking's preferred date, and its time when one was given. The gap is taken in the page's direction;
 * only the time inside is isolated (in Arabic, 10:30 beside 2026 would otherwise read as one number).
 */
export function PreferredWhen({ date, time, lng }: { date: string; time: string | null | undefined; lng: string }) {
  return (
    <>
      {formatDate(date, lng)}
      {time && (
        <Box as="span" ms="2">
          <bdi>{time}</bdi>
        </Box>
      )}
    </>
  );
}
