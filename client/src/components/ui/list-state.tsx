import type { ReactNode } from 'react';
import { Center, EmptyState, Spinner, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

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
  const { t } = useTranslation();
  if (props.loading)
    return (
      <Center py="16">
        <Spinner size="lg" aria-label={t('common.loading')} />
      </Center>
    );
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
