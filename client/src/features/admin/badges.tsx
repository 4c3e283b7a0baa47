import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { normalizeRole } from '../../lib/auth';

const ROLE_COLOR = { admin: 'purple', host_seller: 'blue', regular: 'gray' } as const;
const STATUS_COLOR: Record<string, string> = { active: 'green', inactive: 'gray', suspended: 'red' };

export function RoleBadge({ role }: { role: string }) {
  const { t } = useTranslation();
  const r = normalizeRole(role);
  // SUPER_ADMIN is displayed as such (spec section 4); it acts as admin.
  const label = role.toLowerCase() === 'super_admin' ? t('roles.super_admin') : t(`roles.${r}`);
  return <Badge colorPalette={ROLE_COLOR[r]}>{label}</Badge>;
}

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const s = ['active', 'inactive', 'suspended'].includes(status) ? status : 'inactive';
  return <Badge colorPalette={STATUS_COLOR[s]}>{t(`statuses.${s}`)}</Badge>;
}
