import { Badge, Box, HStack, Image, Stack, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ResourceCard_ResourceFragment, ResourceChanges_ResourceFragment } from '../../gql/graphql';
import { formatDate } from '../../lib/format';
import { categoryLabel, priceLabel } from '../../lib/labels';

type Listing = ResourceCard_ResourceFragment & ResourceChanges_ResourceFragment;
type Proposed = NonNullable<ResourceChanges_ResourceFragment['pendingChanges']>;

const FIELDS = ['title', 'description', 'category', 'price', 'location', 'tags', 'images'] as const;
type FieldName = (typeof FIELDS)[number];

/** The fields a revision changes (price and period count as one: the price line shows both). */
function changedFields(live: Listing, next: Proposed): FieldName[] {
  return FIELDS.filter((f) => {
    if (f === 'price') return live.price !== next.price || live.period !== next.period;
    return JSON.stringify(live[f]) !== JSON.stringify(next[f]);
  });
}

function Value({ field, value }: { field: FieldName; value: Proposed }) {
  const { t, i18n } = useTranslation();
  switch (field) {
    case 'category':
      return <Text>{categoryLabel(t, value.category)}</Text>;
    case 'price':
      return <Text>{priceLabel(t, i18n.language, value.price, value.period)}</Text>;
    case 'tags':
      return <Text dir="auto">{value.tags.join(', ') || '—'}</Text>;
    case 'images':
      return (
        <Stack gap="1">
          <Text fontSize="xs" color="gray.600">
            {t('market.changes.picturesCount', { count: value.images.length })}
          </Text>
          <HStack gap="1" wrap="wrap">
            {value.images.map((src) => (
              <Image key={src} src={src} alt="" h="10" w="14" objectFit="cover" rounded="sm" />
            ))}
          </HStack>
        </Stack>
      );
    default:
      return (
        <Text dir="auto" whiteSpace="pre-line" lineClamp={field === 'description' ? 4 : undefined}>
          {value[field]}
        </Text>
      );
  }
}

/** Before and after, field by field: what is live now beside what the host proposes (changed fields only). */
export function ChangesDiff({ resource, proposed }: { resource: Listing; proposed: Proposed }) {
  const { t } = useTranslation();
  const fields = changedFields(resource, proposed);
  if (!fields.length) return <Text fontSize="sm">{t('market.changes.noDifference')}</Text>;
  const live: Proposed = { ...proposed, ...resource, submittedAt: proposed.submittedAt };
  return (
    <Table.Root size="sm" variant="outline" data-testid="changes-diff">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>
            <VisuallyHidden>{t('market.changes.fieldColumn')}</VisuallyHidden>
          </Table.ColumnHeader>
          <Table.ColumnHeader>{t('market.changes.live')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('market.changes.proposed')}</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {fields.map((f) => (
          <Table.Row key={f}>
            <Table.Cell fontWeight="medium">{t(`market.changes.field.${f}`)}</Table.Cell>
            <Table.Cell>
              <Value field={f} value={live} />
            </Table.Cell>
            <Table.Cell bg="yellow.subtle">
              <Value field={f} value={proposed} />
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

/**
 * The owner's notice: their edit awaiting review (with what it changes, unless `compact`), or why the last one was
 * refused. Nothing when neither applies.
 */
export function ResourceChangesNotice({ resource, compact }: { resource: Listing; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const pending = resource.pendingChanges;
  if (pending)
    return (
      <Box
        borderWidth="1px"
        borderColor="yellow.300"
        bg="yellow.50"
        _dark={{ bg: 'yellow.950', borderColor: 'yellow.700' }}
        rounded="md"
        p="3"
        role="status"
        data-testid="changes-awaiting"
      >
        <Stack gap="2">
          <Badge colorPalette="yellow" alignSelf="start">
            {t('market.changes.awaiting')}
          </Badge>
          <Text fontSize="sm">{t('market.changes.awaitingHint', { date: formatDate(pending.submittedAt, i18n.language) })}</Text>
          {compact ? (
            <Text fontSize="sm" color="gray.600">
              {changedFields(resource, pending)
                .map((f) => t(`market.changes.field.${f}`))
                .join(' · ')}
            </Text>
          ) : (
            <ChangesDiff resource={resource} proposed={pending} />
          )}
        </Stack>
      </Box>
    );
  if (resource.changesRejectionReason !== null && resource.changesRejectionReason !== undefined)
    return (
      <Text fontSize="sm" color="red.600" data-testid="changes-rejected">
        {resource.changesRejectionReason
          ? t('market.changes.rejectedBecause', { reason: resource.changesRejectionReason })
          : t('market.changes.rejectedNoReason')}
      </Text>
    );
  return null;
}
