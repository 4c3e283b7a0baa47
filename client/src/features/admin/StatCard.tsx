import type { ReactNode } from 'react';
import { Card, HStack, Stat, Box } from '@chakra-ui/react';

export function StatCard({ label, value, icon, testId }: { label: string; value: ReactNode; icon?: ReactNode; testId?: string }) {
  return (
    <Card.Root data-testid={testId} variant="outline">
      <Card.Body>
        <HStack justify="space-between" align="start">
          <Stat.Root>
            <Stat.Label>{label}</Stat.Label>
            <Stat.ValueText fontSize="2xl">{value}</Stat.ValueText>
          </Stat.Root>
          {icon && (
            <Box color="teal.600" bg="teal.50" p="2" borderRadius="md" aria-hidden>
              {icon}
            </Box>
          )}
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
