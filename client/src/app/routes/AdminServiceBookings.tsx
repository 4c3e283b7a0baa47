import { Container } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { AdminPageHeader } from '../../features/admin/AdminPageHeader';
import { AdminServiceBookings } from '../../features/service-bookings/AdminServiceBookings';

export default function AdminServiceBookingsPage() {
  const { t } = useTranslation();
  return (
    <Container maxW="7xl" py="10">
      <AdminPageHeader title={t('adminServiceBookings.title')} subtitle={t('adminServiceBookings.subtitle')} />
      <AdminServiceBookings />
    </Container>
  );
}
