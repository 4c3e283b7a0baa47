import { Link as RouterLink } from 'react-router-dom';
import { Avatar, Box, Button, Card, Circle, Container, Heading, HStack, List, SimpleGrid, Stack, Stat, Text } from '@chakra-ui/react';
import { Award, CheckCircle2, Handshake, Quote, ShieldCheck, Zap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { useRouteMeta } from '../../lib/page-meta';
import { ServiceGrid } from '../../features/business-services/ServiceGrid';
import { HomeLiveStats } from '../../features/analytics/HomeLiveStats';
import { ProcessSteps, type Step } from '../../features/public/ProcessSteps';

const WHY_ICONS = [ShieldCheck, Zap, Handshake, Award];

function Section({
  id,
  title,
  subtitle,
  children,
  bg,
}: {
  id: string;
  title: string;
  subtitle?: string;
  children: React.ReactNode;
  bg?: string;
}) {
  return (
    <Box as="section" aria-labelledby={`${id}-title`} bg={bg} py={{ base: '12', md: '16' }}>
      <Container maxW="7xl">
        <Stack gap="3" mb="8" maxW="3xl">
          <Heading as="h2" id={`${id}-title`} size={{ base: 'xl', md: '2xl' }}>
            {title}
          </Heading>
          {subtitle && (
            <Text color="gray.600" fontSize="lg">
              {subtitle}
            </Text>
          )}
        </Stack>
        {children}
      </Container>
    </Box>
  );
}

export default function HomePage() {
  const { t } = useTranslation();
  useRouteMeta(paths.home);
  const approach: Step[] = (t('publicSite.home.approachSteps', { returnObjects: true }) as Array<Omit<Step, 'step'>>).map((s, i) => ({
    ...s,
    step: i + 1,
  }));
  const why = t('publicSite.home.whyItems', { returnObjects: true }) as Array<{ title: string; text: string }>;
  const testimonials = t('publicSite.home.testimonials', { returnObjects: true }) as Array<{ quote: string; name: string; role: string }>;
  const aboutPoints = t('publicSite.home.aboutPoints', { returnObjects: true }) as string[];

  return (
    <>
      <Box bgGradient="to-br" gradientFrom="teal.700" gradientTo="teal.900" color="white">
        <Container maxW="7xl" py={{ base: '16', md: '24' }}>
          <Stack gap="6" maxW="3xl">
            <Heading as="h1" size={{ base: '3xl', md: '5xl' }} lineHeight="1.2">
              {t('home.heroTitle')}
            </Heading>
            <Text fontSize="lg" color="teal.50">
              {t('home.heroText')}
            </Text>
            <HStack gap="3" wrap="wrap">
              <Button asChild size="lg" bg="white" color="teal.800" _hover={{ bg: 'teal.50' }}>
                <RouterLink to={paths.resources}>{t('home.browse')}</RouterLink>
              </Button>
              <Button asChild size="lg" variant="outline" color="white" borderColor="white" _hover={{ bg: 'teal.800' }}>
                <RouterLink to={paths.listResource}>{t('home.listYours')}</RouterLink>
              </Button>
            </HStack>
          </Stack>
        </Container>
      </Box>

      <Container maxW="7xl" py="12" as="section" aria-label={t('publicSite.home.statsLabel')}>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
          {[
            ['500+', 'home.statBusinesses'],
            ['30%', 'home.statCost'],
            ['24/7', 'home.statSupport'],
          ].map(([value, label]) => (
            <Stat.Root key={label} borderWidth="1px" rounded="lg" p="6">
              {/* <dl>: the term (dt) comes before its value (dd) in the DOM; the value is shown first. */}
              <Stat.Label>{t(label)}</Stat.Label>
              <Stat.ValueText fontSize="4xl" color="teal.700" dir="ltr" order={-1}>
                {value}
              </Stat.ValueText>
            </Stat.Root>
          ))}
        </SimpleGrid>
        <HomeLiveStats />
      </Container>

      <Section id="about" title={t('publicSite.home.aboutTitle')} subtitle={t('publicSite.home.aboutText')} bg="gray.50">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="8" alignItems="center">
          <List.Root gap="3" variant="plain">
            {aboutPoints.map((p) => (
              <List.Item key={p} alignItems="start">
                <List.Indicator asChild color="teal.600" mt="1">
                  <CheckCircle2 size={18} />
                </List.Indicator>
                {p}
              </List.Item>
            ))}
          </List.Root>
          <Stack gap="3">
            <Text color="gray.700">{t('publicSite.home.aboutMore')}</Text>
            <Button asChild variant="outline" colorPalette="teal" alignSelf="start">
              <RouterLink to={paths.about}>{t('publicSite.home.aboutLink')}</RouterLink>
            </Button>
          </Stack>
        </SimpleGrid>
      </Section>

      <Section id="services" title={t('publicSite.home.servicesTitle')} subtitle={t('publicSite.home.servicesText')}>
        <ServiceGrid showImages={false} toastOnError={false} />
        <HStack mt="8" gap="3" wrap="wrap">
          <Button asChild colorPalette="teal">
            <RouterLink to={paths.services}>{t('publicSite.home.allServices')}</RouterLink>
          </Button>
          <Button asChild variant="outline" colorPalette="teal">
            <RouterLink to={paths.legal}>{t('publicSite.home.legalServices')}</RouterLink>
          </Button>
        </HStack>
      </Section>

      <Section id="approach" title={t('publicSite.home.approachTitle')} subtitle={t('publicSite.home.approachText')} bg="gray.50">
        <ProcessSteps steps={approach} />
      </Section>

      <Section id="why" title={t('publicSite.home.whyTitle')}>
        <SimpleGrid columns={{ base: 1, md: 2, lg: 4 }} gap="6">
          {why.map((w, i) => {
            const Icon = WHY_ICONS[i % WHY_ICONS.length]!;
            return (
              <Stack key={w.title} gap="3">
                <Circle size="12" bg="teal.50" color="teal.700">
                  <Icon size={22} aria-hidden />
                </Circle>
                <Heading as="h3" size="md">
                  {w.title}
                </Heading>
                <Text color="gray.600">{w.text}</Text>
              </Stack>
            );
          })}
        </SimpleGrid>
      </Section>

      <Section id="testimonials" title={t('publicSite.home.testimonialsTitle')} bg="gray.50">
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
          {testimonials.map((q) => (
            <Card.Root key={q.name} as="figure">
              <Card.Body gap="4">
                <Box color="teal.600">
                  <Quote size={24} aria-hidden />
                </Box>
                <Text as="blockquote" color="gray.700">
                  {q.quote}
                </Text>
                <HStack as="figcaption" gap="3">
                  <Avatar.Root size="sm" colorPalette="teal">
                    <Avatar.Fallback name={q.name} />
                  </Avatar.Root>
                  <Box>
                    <Text fontWeight="semibold">{q.name}</Text>
                    <Text fontSize="sm" color="gray.600">
                      {q.role}
                    </Text>
                  </Box>
                </HStack>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
      </Section>

      <Box as="section" aria-labelledby="cta-title" bg="teal.800" color="white" py={{ base: '12', md: '16' }}>
        <Container maxW="4xl" textAlign="center">
          <Stack gap="5" align="center">
            <Heading as="h2" id="cta-title" size={{ base: 'xl', md: '2xl' }}>
              {t('publicSite.home.ctaTitle')}
            </Heading>
            <Text color="teal.50" fontSize="lg">
              {t('publicSite.home.ctaText')}
            </Text>
            <HStack gap="3" wrap="wrap" justify="center">
              <Button asChild size="lg" bg="white" color="teal.800" _hover={{ bg: 'teal.50' }}>
                <RouterLink to={paths.login}>{t('publicSite.home.ctaStart')}</RouterLink>
              </Button>
              <Button asChild size="lg" variant="outline" color="white" borderColor="white" _hover={{ bg: 'teal.700' }}>
                <RouterLink to={paths.contact}>{t('publicSite.home.ctaContact')}</RouterLink>
              </Button>
            </HStack>
          </Stack>
        </Container>
      </Box>
    </>
  );
}
