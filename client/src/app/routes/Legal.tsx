import { Link as RouterLink } from 'react-router-dom';
import { Button, Card, Circle, Container, Heading, HStack, List, SimpleGrid, Text } from '@chakra-ui/react';
import { CheckCircle2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { useRouteMeta } from '../../lib/page-meta';
import { PageHero } from '../../features/public/PageHero';
import { ServiceIcon } from '../../components/ui/ServiceIcon';

/** The four legal services (spec section 2): id, icon and page here; title, description and features in legal.json. */
const LEGAL_SERVICES = [
  { id: 'corporate-law', icon: 'Building2', to: paths.legalCorporate },
  { id: 'contract-review', icon: 'FileText', to: paths.legalContracts },
  { id: 'compliance', icon: 'ShieldCheck', to: paths.legalCompliance },
  { id: 'legal-consultation', icon: 'Scale', to: paths.legalConsultation },
] as const;

export default function LegalPage() {
  const { t } = useTranslation();
  useRouteMeta(paths.legal);
  return (
    <>
      <PageHero title={t('legalPages.title')} subtitle={t('legalPages.subtitle')}>
        <HStack gap="3" wrap="wrap">
          <Button asChild size="lg" bg="white" color="teal.800" _hover={{ bg: 'teal.50' }}>
            <RouterLink to={paths.legalConsultation}>{t('legalPages.bookConsultation')}</RouterLink>
          </Button>
        </HStack>
      </PageHero>
      <Container maxW="7xl" py="12">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
          {LEGAL_SERVICES.map((s) => {
            const features = t(`legalPages.services.${s.id}.features`, { returnObjects: true }) as string[];
            return (
              <Card.Root key={s.id} data-testid={`legal-${s.id}`}>
                <Card.Body gap="4">
                  <HStack gap="3">
                    <Circle size="12" bg="teal.50" color="teal.700">
                      <ServiceIcon name={s.icon} />
                    </Circle>
                    <Heading as="h2" size="lg">
                      {t(`legalPages.services.${s.id}.title`)}
                    </Heading>
                  </HStack>
                  <Text color="gray.600">{t(`legalPages.services.${s.id}.description`)}</Text>
                  <List.Root gap="2" variant="plain">
                    {features.map((f) => (
                      <List.Item key={f} alignItems="start">
                        <List.Indicator asChild color="teal.600" mt="1">
                          <CheckCircle2 size={16} />
                        </List.Indicator>
                        {f}
                      </List.Item>
                    ))}
                  </List.Root>
                </Card.Body>
                <Card.Footer>
                  <Button asChild colorPalette="teal" variant={s.id === 'legal-consultation' ? 'solid' : 'outline'}>
                    <RouterLink to={s.to}>
                      {s.id === 'legal-consultation' ? t('legalPages.requestConsultation') : t('legalPages.learnMore')}
                    </RouterLink>
                  </Button>
                </Card.Footer>
              </Card.Root>
            );
          })}
        </SimpleGrid>
      </Container>
    </>
  );
}
