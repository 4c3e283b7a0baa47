import { Card, Stat } from '@chakra-ui/react';

export function StatCard({ label, value, testId }: { label: string; value: string | number; testId?: string }) {
  return (
    <Card.Root size="sm">
      <Card.Body>
        <Stat.Root>
          <Stat.Label>{label}</Stat.Label>
          <Stat.ValueText data-testid={testId}>{value}</Stat.ValueText>
        </Stat.Root>
      </Card.Body>
    </Card.Root>
  );
}
