import { useEffect, useRef } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { Box, Button, Circle, Container, Heading, HStack, Image, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { ArrowLeft, ArrowRight, CheckCircle2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { usePageMeta } from '../../lib/page-meta';
import { notify } from '../../components/ui/toaster';
import { BusinessServiceQuery } from '../../features/business-services/operations';
import { ServiceIcon } from '../../components/ui/ServiceIcon';
import { ProcessSteps } from '../../features/public/ProcessSteps';
import { ServiceBookingPanel } from '../../features/service-bookings/ServiceBookingPanel';
import { DetailSkeleton } from '../../components/ui/skeletons';

export default function ServiceDetailPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation();
  const { data, error } = useQuery(BusinessServiceQuery, { variables: { id, locale: i18n.language } });
  const service = data?.businessService;
  usePageMeta(service?.title, service?.description);
  const navigate = useNavigate();
  const toasted = useRef(false);
  // If the load fails: 'Service not found' and back to /services (spec section 2). In an effect, so that a page drawn
  // by the server (which runs none) shows the spinner and the browser redirects.
  useEffect(() => {
    if (!error) return;
    if (!toasted.current) {
      toasted.current = true;
      notify.error(t('publicSite.services.notFound'));
    }
    void navigate(paths.services, { replace: true });
  }, [error, t, navigate]);

  // Not `loading`: the browser asks again for a page it has the data of (cache-and-network), so a drawn page would
  // be taken over as the skeleton (a hydration mismatch, React error #418) while the server drew the service.
  if (error || !service) return <DetailSkeleton />;
  const Back = i18n.language === 'ar' ? ArrowRight : ArrowLeft;
  return (
    <>
      <Box bgGradient="to-br" gradientFrom="teal.700" gradientTo="teal.900" color="white">
        <Container maxW="7xl" py={{ base: '10', md: '14' }}>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="8" alignItems="center">
            <Stack gap="4" gridColumn={{ md: 'span 2' }}>
              <Button asChild variant="plain" color="teal.100" alignSelf="start" px="0">
                <RouterLink to={paths.services}>
                  <Back size={16} aria-hidden /> {t('publicSite.services.back')}
                </RouterLink>
              </Button>
              <HStack gap="3">
                <Circle size="12" bg="whiteAlpha.200">
                  <ServiceIcon name={service.icon} />
                </Circle>
                <Heading as="h1" size={{ base: '2xl', md: '4xl' }}>
                  {service.title}
                </Heading>
              </HStack>
              <Text fontSize="lg" color="teal.50">
                {service.description}
              </Text>
            </Stack>
            {service.image && <Image src={service.image} alt="" rounded="xl" display={{ base: 'none', md: 'block' }} />}
          </SimpleGrid>
        </Container>
      </Box>
      <Container maxW="7xl" py="12">
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="10">
          <Stack gap="3">
            <Heading as="h2" size="xl">
              {t('publicSite.services.overview')}
            </Heading>
            <Text color="gray.700" fontSize="lg">
              {service.details}
            </Text>
          </Stack>
          <Stack gap="3" data-testid="benefits">
            <Heading as="h2" size="xl">
              {t('publicSite.services.benefits')}
            </Heading>
            <List.Root gap="3" variant="plain">
              {service.benefits.map((b) => (
                <List.Item key={b} alignItems="start">
                  <List.Indicator asChild color="teal.600" mt="1">
                    <CheckCircle2 size={18} />
                  </List.Indicator>
                  {b}
                </List.Item>
              ))}
            </List.Root>
          </Stack>
        </SimpleGrid>
        <Heading as="h2" size="xl" mt="12" mb="6">
          {t('publicSite.services.process')}
        </Heading>
        <ProcessSteps steps={service.processSteps} />
        <Stack mt="12" p="8" rounded="xl" bg="teal.50" gap="3" align="start">
          <Heading as="h2" size="lg">
            {t('publicSite.services.ctaTitle')}
          </Heading>
          <Text color="gray.700">{t('publicSite.services.ctaText')}</Text>
          <ServiceBookingPanel serviceId={service.id} />
          <Button asChild variant="outline" colorPalette="teal">
            <RouterLink to={paths.contact}>{t('publicSite.services.ctaButton')}</RouterLink>
          </Button>
        </Stack>
      </Container>
    </>
  );
}
