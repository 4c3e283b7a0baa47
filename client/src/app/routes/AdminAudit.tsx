import { useEffect, useRef, useState } from 'react';
import { Box, Code, Container, Table, Text } from '@chakra-ui/react';
import { AdminTable } from '../../components/ui/AdminTable';
import { Pager } from '../../components/ui/Pager';
import { useQuery } from '@apollo/client/react';
import { ClipboardList } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AuditLogQuery } from '../../features/admin/operations';
import { AdminPageHeader } from '../../features/admin/AdminPageHeader';
import { notify } from '../../components/ui/toaster';
import { ListState } from '../../components/ui/list-state';
import { FilterBar, FilterSelect } from '../../components/ui/FilterBar';
import { formatDateTime } from '../../lib/format';

const PAGE = 25;

function Changes({ value: raw }: { value: unknown }) {
  const value = raw as Record<string, unknown> | null | undefined;
  if (!value) return <Text color="gray.400">—</Text>;
  return (
    <Box as="dl" fontSize="xs" dir="ltr" textAlign="start">
      {Object.entries(value).map(([k, v]) => (
        <Box key={k}>
          <Code size="sm" variant="plain" px="0">
            {k}
          </Code>
          : {typeof v === 'string' ? v || '""' : JSON.stringify(v)}
        </Box>
      ))}
    </Box>
  );
}

export default function AdminAuditPage() {
  const { t, i18n } = useTranslation();
  const [offset, setOffset] = useState(0);
  const [entityType, setEntityType] = useState('');
  const { data, previousData, loading, error } = useQuery(AuditLogQuery, {
    variables: { limit: PAGE, offset, entityType: entityType || null },
    fetchPolicy: 'cache-and-network',
  });
  const shown = useRef<unknown>(null);
  useEffect(() => {
    if (error && shown.current !== error) {
      shown.current = error;
      notify.error(t('admin.audit.loadFailed'));
    }
  }, [error, t]);
  const page = (data ?? previousData)?.auditLog;

  return (
    <Container maxW="7xl" py="10">
      <AdminPageHeader title={t('admin.audit.title')} subtitle={t('admin.audit.subtitle')} />
      <FilterBar>
        <FilterSelect
          label={t('admin.audit.filter')}
          value={entityType}
          onChange={(v) => {
            setEntityType(v);
            setOffset(0);
          }}
          options={[
            ['', t('admin.audit.all')],
            ['user', t('admin.audit.typeUser')],
            ['setting', t('admin.audit.typeSetting')],
            ['review', t('admin.audit.typeReview')],
          ]}
        />
      </FilterBar>
      <ListState
        loading={!page && loading}
        error={!page && error}
        empty={!!page && page.items.length === 0}
        errorText={t('admin.audit.loadFailed')}
        emptyText={t('admin.audit.empty')}
        emptyIcon={<ClipboardList />}
      >
        {page && (
          <>
            <AdminTable
              testId="audit-table"
              columns={[
                t('admin.audit.when'),
                t('admin.audit.who'),
                t('admin.audit.what'),
                t('admin.audit.record'),
                t('admin.audit.before'),
                t('admin.audit.after'),
              ]}
            >
              {page.items.map((e) => (
                <Table.Row key={e.id} verticalAlign="top">
                  <Table.Cell whiteSpace="nowrap">{formatDateTime(e.createdAt, i18n.language)}</Table.Cell>
                  <Table.Cell dir="ltr" textAlign="start">
                    {e.actorEmail}
                  </Table.Cell>
                  <Table.Cell>{t(`admin.audit.actions.${e.action.replace('.', '_')}`, { defaultValue: e.action })}</Table.Cell>
                  <Table.Cell>
                    <Text>{t(`admin.audit.entities.${e.entityType}`, { defaultValue: e.entityType })}</Text>
                    <Text fontSize="xs" color="gray.500" dir="ltr" textAlign="start" wordBreak="break-all">
                      {e.entityLabel ?? e.entityId}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>
                    <Changes value={e.before} />
                  </Table.Cell>
                  <Table.Cell>
                    <Changes value={e.after} />
                  </Table.Cell>
                </Table.Row>
              ))}
            </AdminTable>
            <Pager
              previous={{ label: t('admin.audit.previous'), disabled: offset === 0 }}
              next={{ label: t('admin.audit.next'), disabled: offset + PAGE >= page.total }}
              status={t('admin.audit.page', { from: offset + 1, to: offset + page.items.length, total: page.total })}
              onPrevious={() => setOffset(Math.max(0, offset - PAGE))}
              onNext={() => setOffset(offset + PAGE)}
            />
          </>
        )}
      </ListState>
    </Container>
  );
}
