import type { ReactNode } from 'react';
import { EmptyState, Text } from '@chakra-ui/react';
import { RowsSkeleton } from './skeletons';

/** The loading / failed / empty / content states every list page shares. */
export function ListState(props: {
  loading: boolean;
  error: unknown;
  empty: boolean;
  errorText: string;
  emptyText: string;
  emptyIcon: ReactNode;
  children: ReactNode;
}) {
  if (props.loading) return <RowsSkeleton />;
  if (props.error)
    return (
      <Text color="red.600" role="alert">
        {props.errorText}
      </Text>
    );
  if (props.empty)
    return (
      <EmptyState.Root>
        <EmptyState.Content>
          <EmptyState.Indicator>{props.emptyIcon}</EmptyState.Indicator>
          <EmptyState.Title>{props.emptyText}</EmptyState.Title>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  return <>{props.children}</>;
}
