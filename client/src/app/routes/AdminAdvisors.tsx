import { useMemo } from 'react';
import { Container } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { AdminPageHeader } from '../../features/admin/AdminPageHeader';
import { BusinessServicesQuery } from '../../features/business-services/operations';
import { AdvisorsAdmin } from '../../features/service-bookings/AdvisorsAdmin';

export default function AdminAdvisorsPage() {
  const { t, i18n } = useTranslation();
  const { data } = useQuery(BusinessServicesQuery, { variables: { locale: i18n.language } });
  const services = useMemo(() => (data?.businessServices ?? []).map((s) => ({ id: s.id, name: s.title })), [data]);
  return (
    <Container maxW="7xl" py="10">
      <AdminPageHeader title={t('adminAdvisors.title')} subtitle={t('adminAdvisors.subtitle')} />
      <AdvisorsAdmin businessServices={services} />
    </Container>
  );
}
