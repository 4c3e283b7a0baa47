import { Heading, Stack, Switch, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/errors';
import { NotificationPreferencesQuery, SetNotificationPreferencesMutation } from './operations';

/** The account page's section: mail on or off for each kind of notification that is mailed. */
export function NotificationPreferences() {
  const { t } = useTranslation();
  const { data } = useQuery(NotificationPreferencesQuery);
  const [save, { loading }] = useMutation(SetNotificationPreferencesMutation);
  const prefs = data?.notificationPreferences ?? [];
  const toggle = async (kind: string, email: boolean) => {
    try {
      await save({
        variables: { email: [{ kind, email }] },
        update: (cache, res) => {
          const next = res.data?.setNotificationPreferences;
          if (next) cache.writeQuery({ query: NotificationPreferencesQuery, data: { notificationPreferences: next } });
        },
      });
      notify.success(t('notifications.prefs.saved'));
    } catch (err) {
      notify.error(errorMessage(err, t('notifications.prefs.failed')));
    }
  };
  return (
    <Stack gap="3" as="section" aria-labelledby="notification-prefs-title" data-testid="notification-preferences">
      <Heading as="h2" size="md" id="notification-prefs-title">
        {t('notifications.prefs.title')}
      </Heading>
      <Text color="gray.600" fontSize="sm">
        {t('notifications.prefs.hint')}
      </Text>
      {prefs.map((p) => (
        <Switch.Root
          key={p.kind}
          checked={p.email}
          disabled={loading}
          onCheckedChange={(d) => void toggle(p.kind, d.checked)}
          data-testid={`pref-${p.kind}`}
        >
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>{t(`notifications.prefs.kind.${p.kind}`)}</Switch.Label>
        </Switch.Root>
      ))}
    </Stack>
  );
}
