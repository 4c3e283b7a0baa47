import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';

/**
 * The red count on a header icon (unread messages, notifications), in the page's digits; nothing at zero. Hidden from
 * screen readers: the icon's own label says the count in words.
 */
export function CountBadge({ count, testId }: { count: number; testId: string }) {
  const { i18n } = useTranslation();
  if (count <= 0) return null;
  return (
    <Badge
      data-testid={testId}
      aria-hidden
      colorPalette="red"
      variant="solid"
      rounded="full"
      position="absolute"
      top="-1"
      insetEnd="-1"
      fontSize="2xs"
      pointerEvents="none"
    >
      {formatNumber(count, i18n.language)}
    </Badge>
  );
}
