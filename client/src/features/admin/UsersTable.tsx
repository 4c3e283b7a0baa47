import { useState } from 'react';
import { Button, HStack, NativeSelect, Table, Text } from '@chakra-ui/react';
import { TableScroll } from '../../components/ui/TableScroll';
import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { ROLES, USER_STATUSES } from '@shared/admin.rules';
import type { AdminUserFieldsFragment, Role, UserStatus } from '../../gql/graphql';
import { AdminUpdateUserMutation } from './operations';
import { RoleBadge, StatusBadge } from './badges';
import { adminErrorMessage } from './messages';
import { notify } from '../../components/ui/toaster';
import { formatDate } from '../../lib/format';
import { normalizeRole } from '../../lib/auth';

function UserRow({ user, isSelf, onSaved }: { user: AdminUserFieldsFragment; isSelf: boolean; onSaved: () => void }) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [role, setRole] = useState<string>(normalizeRole(user.role));
  const [status, setStatus] = useState<string>(user.status);
  const [update, { loading }] = useMutation(AdminUpdateUserMutation);

  const start = () => {
    setRole(normalizeRole(user.role));
    setStatus(user.status);
    setEditing(true);
  };

  async function save() {
    try {
      await update({ variables: { id: user.id, input: { role: role as Role, status: status as UserStatus } } });
      notify.success(t('admin.users.updated'));
      setEditing(false);
      onSaved();
    } catch (err) {
      notify.error(t('admin.users.updateFailed'), { description: adminErrorMessage(err, t('admin.users.updateFailed')) });
    }
  }

  return (
    <Table.Row data-testid={`user-row-${user.email}`}>
      <Table.Cell fontWeight="medium">
        {user.fullName}
        {isSelf && (
          <Text as="span" color="gray.500" fontSize="xs" ms="2">
            ({t('admin.users.you')})
          </Text>
        )}
      </Table.Cell>
      <Table.Cell>
        {editing ? (
          <NativeSelect.Root size="sm" minW="36">
            <NativeSelect.Field
              aria-label={t('admin.users.roleFor', { name: user.fullName })}
              value={role}
              onChange={(e) => setRole(e.target.value)}
            >
              {ROLES.map((r) => (
                <option key={r} value={r} disabled={isSelf && r !== 'admin'}>
                  {t(`roles.${r}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        ) : (
          <RoleBadge role={user.role} />
        )}
      </Table.Cell>
      <Table.Cell>
        {editing ? (
          <NativeSelect.Root size="sm" minW="32">
            <NativeSelect.Field
              aria-label={t('admin.users.statusFor', { name: user.fullName })}
              value={status}
              onChange={(e) => setStatus(e.target.value)}
            >
              {USER_STATUSES.map((s) => (
                <option key={s} value={s} disabled={isSelf && s !== 'active'}>
                  {t(`statuses.${s}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        ) : (
          <StatusBadge status={user.status} />
        )}
      </Table.Cell>
      <Table.Cell dir="ltr" textAlign="start">
        {user.email}
      </Table.Cell>
      <Table.Cell dir="ltr" textAlign="start" whiteSpace="nowrap">
        {user.phone ?? '—'}
      </Table.Cell>
      <Table.Cell>{user.companyName ?? '—'}</Table.Cell>
      <Table.Cell whiteSpace="nowrap">{formatDate(user.createdAt, i18n.language)}</Table.Cell>
      <Table.Cell>
        {editing ? (
          <HStack gap="2">
            <Button size="xs" colorPalette="teal" onClick={save} loading={loading}>
              {t('admin.users.save')}
            </Button>
            <Button size="xs" variant="ghost" onClick={() => setEditing(false)} disabled={loading}>
              {t('admin.users.cancel')}
            </Button>
          </HStack>
        ) : (
          <Button size="xs" variant="outline" onClick={start} aria-label={t('admin.users.editUser', { name: user.fullName })}>
            {t('admin.users.edit')}
          </Button>
        )}
      </Table.Cell>
    </Table.Row>
  );
}

export function UsersTable({
  users,
  currentUserId,
  onChanged,
}: {
  users: AdminUserFieldsFragment[];
  currentUserId?: string;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  return (
    <TableScroll borderWidth="1px" borderRadius="md">
      <Table.Root size="sm" striped>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('admin.users.name')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('admin.users.role')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('admin.users.status')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('admin.users.email')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('admin.users.phone')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('admin.users.company')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('admin.users.joined')}</Table.ColumnHeader>
            <Table.ColumnHeader>
              <Text srOnly>{t('admin.users.actions')}</Text>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {users.map((u) => (
            <UserRow key={u.id} user={u} isSelf={u.id === currentUserId} onSaved={onChanged} />
          ))}
        </Table.Body>
      </Table.Root>
    </TableScroll>
  );
}
