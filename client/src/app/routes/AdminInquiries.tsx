import { Link as RouterLink } from 'react-router-dom';
import { Button, Container, Flex, Heading, Text } from '@chakra-ui/react';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { AdminInbox } from '../../features/inquiries/AdminInbox';
import { ServiceBookingFromInquiry } from '../../features/service-bookings/ServiceBookingFromInquiry';

export default function AdminInquiriesPage() {
  const { t, i18n } = useTranslation();
  const Back = i18n.language === 'ar' ? ArrowRight : ArrowLeft;
  return (
    <Container maxW="7xl" py="10">
      <Flex justify="space-between" align="start" gap="4" wrap="wrap" mb="6">
        <div>
          <Heading as="h1" size="2xl">
            {t('adminInquiries.title')}
          </Heading>
          <Text color="gray.600" mt="1">
            {t('adminInquiries.subtitle')}
          </Text>
        </div>
        <Button asChild variant="outline">
          <RouterLink to={paths.admin}>
            <Back size={16} aria-hidden /> {t('adminInquiries.back')}
          </RouterLink>
        </Button>
      </Flex>
      <AdminInbox
        detailActions={(i) => (i.serviceType === 'legal_consultancy' ? <ServiceBookingFromInquiry key={i.id} inquiry={i} /> : null)}
      />
    </Container>
  );
}
