import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Circle, Container, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Eye, Handshake, Leaf, Lightbulb, ShieldCheck, Target } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { useRouteMeta } from '../../lib/page-meta';
import { PageHero } from '../../features/public/PageHero';

const VALUE_ICONS = [ShieldCheck, Handshake, Lightbulb, Leaf];

export default function AboutPage() {
  const { t } = useTranslation();
  useRouteMeta(paths.about);
  const story = t('publicSite.about.story', { returnObjects: true }) as string[];
  const values = t('publicSite.about.values', { returnObjects: true }) as Array<{ title: string; text: string }>;
  return (
    <>
      <PageHero title={t('publicSite.about.title')} subtitle={t('publicSite.about.subtitle')} />
      <Container maxW="7xl" py="12">
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="10">
          <Stack gap="4">
            <Heading as="h2" size="xl">
              {t('publicSite.about.storyTitle')}
            </Heading>
            {story.map((p) => (
              <Text key={p} color="gray.700">
                {p}
              </Text>
            ))}
          </Stack>
          <Stack gap="6">
            {[
              [Target, 'publicSite.about.missionTitle', 'publicSite.about.mission'],
              [Eye, 'publicSite.about.visionTitle', 'publicSite.about.vision'],
            ].map(([Icon, title, text]) => {
              const I = Icon as typeof Target;
              return (
                <HStack key={title as string} align="start" gap="4" borderWidth="1px" rounded="lg" p="5">
                  <Circle size="12" bg="teal.50" color="teal.700" flexShrink={0}>
                    <I size={22} aria-hidden />
                  </Circle>
                  <Box>
                    <Heading as="h2" size="md" mb="1">
                      {t(title as string)}
                    </Heading>
                    <Text color="gray.700">{t(text as string)}</Text>
                  </Box>
                </HStack>
              );
            })}
          </Stack>
        </SimpleGrid>

        <Heading as="h2" size="xl" mt="16" mb="6">
          {t('publicSite.about.valuesTitle')}
        </Heading>
        <SimpleGrid columns={{ base: 1, md: 2, lg: 4 }} gap="6">
          {values.map((v, i) => {
            const Icon = VALUE_ICONS[i % VALUE_ICONS.length]!;
            return (
              <Stack key={v.title} gap="2">
                <Circle size="10" bg="teal.600" color="white">
                  <Icon size={18} aria-hidden />
                </Circle>
                <Heading as="h3" size="md">
                  {v.title}
                </Heading>
                <Text color="gray.600">{v.text}</Text>
              </Stack>
            );
          })}
        </SimpleGrid>

        <Stack mt="16" p="8" rounded="xl" bg="teal.50" gap="4" align="start">
          <Heading as="h2" size="lg">
            {t('publicSite.about.ctaTitle')}
          </Heading>
          <Text color="gray.700">{t('publicSite.about.ctaText')}</Text>
          <HStack gap="3" wrap="wrap">
            <Button asChild colorPalette="teal">
              <RouterLink to={paths.resources}>{t('publicSite.about.ctaResources')}</RouterLink>
            </Button>
            <Button asChild variant="outline" colorPalette="teal">
              <RouterLink to={paths.contact}>{t('publicSite.about.ctaContact')}</RouterLink>
            </Button>
          </HStack>
        </Stack>
      </Container>
    </>
  );
}
