import type { ReactNode, Ref } from 'react';
import { Box, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { RowsSkeleton } from './skeletons';

/** What one row of a pick list shows: a title and its badge, a line under it, and two small notes at the ends. */
export interface PickRow {
  title: ReactNode;
  badge: ReactNode;
  sub: ReactNode;
  start: ReactNode;
  end: ReactNode;
}

/**
 * The left column of an admin inbox (inquiries, service bookings): a list of rows, each a toggle button that picks
 * the item shown in the detail panel. Row placeholders while the first page loads; the empty text outside the list
 * (a list holds only its items).
 */
export function PickList<T extends { id: string }>({
  label,
  items,
  selectedId,
  onPick,
  loading,
  emptyText,
  testId,
  row,
  ...grid
}: {
  label: string;
  items: readonly T[];
  selectedId: string | null | undefined;
  onPick: (item: T) => void;
  /** The first load, nothing to show yet. */
  loading: boolean;
  /** Shown when loaded and empty; undefined while not loaded. */
  emptyText: string | undefined;
  testId: string;
  row: (item: T) => PickRow;
  gridColumn?: Record<string, string>;
}) {
  if (loading)
    return (
      <Box {...grid}>
        <RowsSkeleton rows={4} />
      </Box>
    );
  return (
    <Stack gap="2" {...grid}>
      {emptyText !== undefined && !items.length && <Text color="gray.600">{emptyText}</Text>}
      <Stack gap="2" role="list" aria-label={label}>
        {items.map((item) => {
          const r = row(item);
          const picked = item.id === selectedId;
          return (
            <Box key={item.id} role="listitem">
              <Box
                as="button"
                w="full"
                textAlign="start"
                borderWidth="1px"
                rounded="md"
                p="3"
                bg={picked ? 'teal.50' : 'white'}
                borderColor={picked ? 'teal.400' : 'gray.200'}
                _hover={{ borderColor: 'teal.300' }}
                onClick={() => onPick(item)}
                aria-pressed={picked}
                data-testid={testId}
              >
                <HStack justify="space-between" gap="2">
                  <Text fontWeight="semibold" truncate>
                    {r.title}
                  </Text>
                  {r.badge}
                </HStack>
                <Text fontSize="sm" color="gray.600" truncate css={{ unicodeBidi: 'plaintext' }} textAlign="start">
                  {r.sub}
                </Text>
                <HStack fontSize="xs" color="gray.500" justify="space-between">
                  <Text>{r.start}</Text>
                  <Text>{r.end}</Text>
                </HStack>
              </Box>
            </Box>
          );
        })}
      </Stack>
    </Stack>
  );
}

/**
 * The right column of an admin inbox: a prompt until an item is picked, then the item's card with its `h2` and
 * badges in the header. The ref lets the page scroll to it on narrow screens.
 */
export function PickDetail({
  detailRef,
  prompt,
  picked,
  title,
  badges,
  testId,
  children,
  footer,
}: {
  detailRef: Ref<HTMLDivElement>;
  prompt: string;
  picked: boolean;
  title: ReactNode;
  badges: ReactNode;
  testId: string;
  children: ReactNode;
  /** Actions under the body (Card.Footer). */
  footer?: ReactNode;
}) {
  return (
    <Box gridColumn={{ lg: 'span 3' }} ref={detailRef} scrollMarginTop="20">
      {!picked ? (
        <Card.Root variant="subtle">
          <Card.Body>
            <Text color="gray.600">{prompt}</Text>
          </Card.Body>
        </Card.Root>
      ) : (
        <Card.Root data-testid={testId}>
          <Card.Header>
            <HStack justify="space-between" wrap="wrap">
              <Heading as="h2" size="lg">
                {title}
              </Heading>
              {badges}
            </HStack>
          </Card.Header>
          <Card.Body>{children}</Card.Body>
          {footer && <Card.Footer>{footer}</Card.Footer>}
        </Card.Root>
      )}
    </Box>
  );
}
