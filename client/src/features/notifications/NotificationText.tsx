import { useTranslation } from 'react-i18next';
import type { NotificationFieldsFragment } from '../../gql/graphql';
import { formatDateTime } from '../../lib/format';

/** The sentence a notification says, in the reader's language (the server stores its kind and details only). */
export function useNotificationText() {
  const { t, i18n } = useTranslation();
  return (n: Pick<NotificationFieldsFragment, 'kind' | 'params'>) => {
    const p = n.params;
    const status = p.status ? t(`notifications.status.${p.status}`, { defaultValue: p.status }) : '';
    return t(`notifications.kind.${n.kind}`, {
      defaultValue: t('notifications.kind.other'),
      title: p.resourceTitle ?? '',
      name: p.otherName ?? '',
      reason: p.reason ?? '',
      rating: p.rating ?? 0,
      status,
      service: (i18n.language === 'ar' ? p.serviceAr : p.service) ?? '',
      time: p.expiresAt ? formatDateTime(p.expiresAt, i18n.language) : '',
    });
  };
}
