import { Link as RouterLink } from 'react-router-dom';
import { Button, Container, Heading, HStack, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { ArrowLeft, ArrowRight, CheckCircle2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { useRouteMeta } from '../../lib/page-meta';
import { PageHero } from '../../features/public/PageHero';
import { ProcessSteps, type Step } from '../../features/public/ProcessSteps';
import { ServiceBookingPanel } from '../../features/service-bookings/ServiceBookingPanel';

/** The static pages /legal/corporate-law, /legal/contract-review and /legal/compliance. */
export default function LegalTopicPage({ topic }: { topic: 'corporate-law' | 'contract-review' | 'compliance' }) {
  const { t, i18n } = useTranslation();
  const k = (key: string) => `legalPages.topics.${topic}.${key}`;
  useRouteMeta(`${paths.legal}/${topic}`);
  const cover = t(k('cover'), { returnObjects: true }) as string[];
  const steps = (t(k('steps'), { returnObjects: true }) as Array<Omit<Step, 'step'>>).map((s, i) => ({ ...s, step: i + 1 }));
  const Back = i18n.language === 'ar' ? ArrowRight : ArrowLeft;
  return (
    <>
      <PageHero title={t(k('title'))} subtitle={t(k('subtitle'))}>
        <Button asChild variant="plain" color="teal.100" alignSelf="start" px="0">
          <RouterLink to={paths.legal}>
            <Back size={16} aria-hidden /> {t('legalPages.backToLegal')}
          </RouterLink>
        </Button>
      </PageHero>
      <Container maxW="7xl" py="12">
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="10">
          <Stack gap="3">
            <Heading as="h2" size="xl">
              {t('legalPages.overview')}
            </Heading>
            <Text color="gray.700" fontSize="lg">
              {t(k('intro'))}
            </Text>
          </Stack>
          <Stack gap="3">
            <Heading as="h2" size="xl">
              {t('legalPages.whatWeCover')}
            </Heading>
            <List.Root gap="3" variant="plain">
              {cover.map((c) => (
                <List.Item key={c} alignItems="start">
                  <List.Indicator asChild color="teal.600" mt="1">
                    <CheckCircle2 size={18} />
                  </List.Indicator>
                  {c}
                </List.Item>
              ))}
            </List.Root>
          </Stack>
        </SimpleGrid>
        <Heading as="h2" size="xl" mt="12" mb="6">
          {t('legalPages.howItWorks')}
        </Heading>
        <ProcessSteps steps={steps} />
        <Stack mt="12" p="8" rounded="xl" bg="teal.50" gap="3" align="start">
          <Heading as="h2" size="lg">
            {t('legalPages.ctaTitle')}
          </Heading>
          <Text color="gray.700">{t('legalPages.ctaText')}</Text>
          <ServiceBookingPanel serviceId={topic} />
          <HStack gap="3" wrap="wrap">
            <Button asChild colorPalette="teal">
              <RouterLink to={paths.contact}>{t('legalPages.ctaContact')}</RouterLink>
            </Button>
            <Button asChild variant="outline" colorPalette="teal">
              <RouterLink to={paths.legalConsultation}>{t('legalPages.bookConsultation')}</RouterLink>
            </Button>
            <Button asChild variant="ghost" colorPalette="teal">
              <RouterLink to={paths.legal}>{t('legalPages.allLegal')}</RouterLink>
            </Button>
          </HStack>
        </Stack>
      </Container>
    </>
  );
}
