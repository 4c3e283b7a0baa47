import { useEffect, useRef } from 'react';
import { Alert, Button, Center, Container, Tabs } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { Bot, Building2, CreditCard, FileCheck2, Percent } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AdminSettingsQuery } from '../../features/admin/operations';
import { AdminPageHeader } from '../../features/admin/AdminPageHeader';
import { PaymentSettingsForm } from '../../features/admin/PaymentSettingsForm';
import { AiSettingsForm } from '../../features/admin/AiSettingsForm';
import { GeneralSettingsForm } from '../../features/admin/GeneralSettingsForm';
import { CommissionSettingsForm } from '../../features/payouts/CommissionSettingsForm';
import { ZatcaSettings } from '../../features/admin/ZatcaSettings';
import { notify } from '../../components/ui/toaster';
import { LoadingSpinner } from '../../components/ui/loading-spinner';

export default function AdminSettingsPage() {
  const { t } = useTranslation();
  const { data, loading, error, refetch } = useQuery(AdminSettingsQuery, { fetchPolicy: 'network-only' });
  const shown = useRef<unknown>(null);
  useEffect(() => {
    if (error && shown.current !== error) {
      shown.current = error;
      notify.error(t('admin.settings.loadFailed'));
    }
  }, [error, t]);
  const s = data?.adminSettings;

  return (
    <Container maxW="5xl" py="10">
      <AdminPageHeader title={t('admin.settings.title')} subtitle={t('admin.settings.subtitle')} />
      {loading && !s ? (
        <Center py="16">
          <LoadingSpinner size="lg" />
        </Center>
      ) : !s ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{t('admin.settings.loadFailed')}</Alert.Title>
          <Button size="sm" variant="outline" ms="auto" onClick={() => void refetch()}>
            {t('admin.dashboard.retry')}
          </Button>
        </Alert.Root>
      ) : (
        <Tabs.Root defaultValue="payment" colorPalette="teal" lazyMount>
          <Tabs.List mb="6">
            <Tabs.Trigger value="payment">
              <CreditCard size={16} aria-hidden /> {t('admin.settings.tabPayment')}
            </Tabs.Trigger>
            <Tabs.Trigger value="ai">
              <Bot size={16} aria-hidden /> {t('admin.settings.tabAi')}
            </Tabs.Trigger>
            <Tabs.Trigger value="general">
              <Building2 size={16} aria-hidden /> {t('admin.settings.tabGeneral')}
            </Tabs.Trigger>
            <Tabs.Trigger value="commission">
              <Percent size={16} aria-hidden /> {t('payouts.admin.tab')}
            </Tabs.Trigger>
            <Tabs.Trigger value="zatca">
              <FileCheck2 size={16} aria-hidden /> {t('admin.zatca.tab')}
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="payment">
            <PaymentSettingsForm saved={s.myfatoorah} />
          </Tabs.Content>
          <Tabs.Content value="ai">
            <AiSettingsForm saved={s.aiChat} />
          </Tabs.Content>
          <Tabs.Content value="general">
            <GeneralSettingsForm saved={s.general} />
          </Tabs.Content>
          <Tabs.Content value="commission">
            <CommissionSettingsForm />
          </Tabs.Content>
          <Tabs.Content value="zatca">
            <ZatcaSettings />
          </Tabs.Content>
        </Tabs.Root>
      )}
    </Container>
  );
}
