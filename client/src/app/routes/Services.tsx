import { Link as RouterLink } from 'react-router-dom';
import { Button, Container, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { useRouteMeta } from '../../lib/page-meta';
import { PageHero } from '../../features/public/PageHero';
import { ServiceGrid } from '../../features/business-services/ServiceGrid';

export default function ServicesPage() {
  const { t } = useTranslation();
  useRouteMeta(paths.services);
  return (
    <>
      <PageHero title={t('publicSite.services.title')} subtitle={t('publicSite.services.subtitle')} />
      <Container maxW="7xl" py="12">
        <ServiceGrid />
        <Stack mt="12" p="8" rounded="xl" bg="gray.50" gap="3" align="start">
          <Heading as="h2" size="lg">
            {t('publicSite.services.legalTitle')}
          </Heading>
          <Text color="gray.700">{t('publicSite.services.legalText')}</Text>
          <HStack gap="3" wrap="wrap">
            <Button asChild colorPalette="teal">
              <RouterLink to={paths.legal}>{t('publicSite.services.legalLink')}</RouterLink>
            </Button>
            <Button asChild variant="outline" colorPalette="teal">
              <RouterLink to={paths.contact}>{t('publicSite.services.contactLink')}</RouterLink>
            </Button>
          </HStack>
        </Stack>
      </Container>
    </>
  );
}
