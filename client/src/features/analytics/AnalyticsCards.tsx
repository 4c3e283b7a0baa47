import type { ReactNode } from 'react';
import { Alert, Button, Card, Heading, Text, type CardRootProps } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ChangeBadge } from './ChangeBadge';

/** One figure of a period (admin and host analytics): label, value, an optional hint and, when compared, the change. */
export function FigureCard({
  label,
  hint,
  value,
  change,
  testId,
}: {
  label: string;
  hint?: string;
  value: ReactNode;
  /** Against the previous period; left out where the page does not compare (null: no previous data). */
  change?: number | null;
  testId: string;
}) {
  return (
    <Card.Root variant="outline" data-testid={testId}>
      <Card.Body gap="1">
        <Text fontSize="sm" color="gray.600">
          {label}
        </Text>
        <Text fontSize="2xl" fontWeight="semibold">
          {value}
        </Text>
        {hint && (
          <Text fontSize="xs" color="gray.500">
            {hint}
          </Text>
        )}
        {change !== undefined && <ChangeBadge change={change} />}
      </Card.Body>
    </Card.Root>
  );
}

/** A chart (or table) under its `h2`, in an outlined card. */
export function ChartCard({ title, children, ...rest }: { title: string; children: ReactNode } & Omit<CardRootProps, 'title'>) {
  return (
    <Card.Root variant="outline" {...rest}>
      <Card.Body>
        <Heading as="h2" size="md" mb="4">
          {title}
        </Heading>
        {children}
      </Card.Body>
    </Card.Root>
  );
}

/** The analytics query failed with nothing to show: the spec's message and a retry. */
export function AnalyticsLoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert.Root status="error">
      <Alert.Indicator />
      <Alert.Title>{t('analytics.loadFailed')}</Alert.Title>
      <Button size="sm" variant="outline" ms="auto" onClick={onRetry}>
        {t('analytics.retry')}
      </Button>
    </Alert.Root>
  );
}
