import { Button, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/**
 * Previous / where we are / next under a paged list. `label` names it as a navigation landmark; `centered` sits it under
 * a grid of cards, where a list of rows keeps it at the start.
 */
export function Pager({
  previous,
  next,
  status,
  onPrevious,
  onNext,
  label,
  centered,
  testId,
}: {
  previous: { label: string; disabled: boolean };
  next: { label: string; disabled: boolean };
  status: string;
  onPrevious: () => void;
  onNext: () => void;
  label?: string;
  centered?: boolean;
  testId?: string;
}) {
  return (
    <HStack as={label ? 'nav' : undefined} aria-label={label} justify={centered ? 'center' : undefined} mt="4" gap="3" data-testid={testId}>
      <Button size="sm" variant="outline" disabled={previous.disabled} onClick={onPrevious}>
        {previous.label}
      </Button>
      <Text fontSize="sm" color="gray.600">
        {status}
      </Text>
      <Button size="sm" variant="outline" disabled={next.disabled} onClick={onNext}>
        {next.label}
      </Button>
    </HStack>
  );
}

/** The pager under a grid of listing cards (marketplace, favourites, admin listings); nothing when it all fits on one page. */
export function CardsPager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <Pager
      label={t('market.list.pagination')}
      centered
      previous={{ label: t('market.list.previous'), disabled: page <= 1 }}
      next={{ label: t('market.list.next'), disabled: page >= pages }}
      status={t('market.list.pageOf', { page, pages })}
      onPrevious={() => onPage(page - 1)}
      onNext={() => onPage(page + 1)}
    />
  );
}
