import type { ReactNode } from 'react';
import { Box, Card, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { CircleAlert, CircleCheck, Clock } from 'lucide-react';

/** The card a page opened from a mailed link (reset password, confirm a new email) is drawn in. */
export function LinkCard({ children }: { children: ReactNode }) {
  return (
    <Container maxW="md" py={{ base: '10', md: '16' }}>
      <Card.Root>
        <Card.Body>{children}</Card.Body>
      </Card.Root>
    </Container>
  );
}

const ICONS = {
  done: <CircleCheck size={48} />,
  expired: <Clock size={48} />,
  invalid: <CircleAlert size={48} color="var(--chakra-colors-red-600)" />,
} as const;

/**
 * What became of a mailed link: done, expired or invalid (a failure is drawn as invalid), its heading and text, then
 * where to go next.
 */
export function LinkOutcome({
  outcome,
  title,
  text,
  testId,
  children,
}: {
  outcome: keyof typeof ICONS;
  title: string;
  text: string;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <Stack gap="4" align="center" textAlign="center" data-testid={testId}>
      <Box color="teal.600" aria-hidden>
        {ICONS[outcome]}
      </Box>
      <Heading as="h1" size="xl">
        {title}
      </Heading>
      <Text color="gray.600" role="status">
        {text}
      </Text>
      {children}
    </Stack>
  );
}

/** A refusal of a link's token, by the server's message: `expired`, `invalid`, or null for any other failure. */
export function linkRefusal(err: unknown, messages: { expired: string; invalid: string }): 'expired' | 'invalid' | null {
  const raw = (err as { errors?: Array<{ message?: string }> } | null)?.errors?.[0]?.message;
  return raw === messages.expired ? 'expired' : raw === messages.invalid ? 'invalid' : null;
}
