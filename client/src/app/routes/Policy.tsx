import { Container, Heading, List, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useRouteMeta } from '../../lib/page-meta';
import { PageHero } from '../../features/public/PageHero';
import { PRIVACY_POLICY_VERSION } from '@shared/rules';

interface PolicySection {
  heading: string;
  paragraphs?: string[];
  items?: string[];
}

/** /privacy, /terms and /cookies: text in policies (legal.json), both languages. */
export default function PolicyPage({ doc }: { doc: 'privacy' | 'terms' | 'cookies' }) {
  const { t } = useTranslation();
  useRouteMeta(`/${doc}`);
  const sections = t(`policies.${doc}.sections`, { returnObjects: true, version: PRIVACY_POLICY_VERSION }) as PolicySection[];
  return (
    <>
      <PageHero title={t(`policies.${doc}.title`)} subtitle={t(`policies.${doc}.summary`)} />
      <Container maxW="4xl" py="12">
        <Text color="gray.500" fontSize="sm" mb="8">
          {t('policies.lastUpdated')}
        </Text>
        <Stack gap="8">
          {sections.map((s) => (
            <Stack as="section" key={s.heading} gap="3">
              <Heading as="h2" size="lg">
                {s.heading}
              </Heading>
              {s.paragraphs?.map((p) => (
                <Text key={p} color="gray.700" lineHeight="tall">
                  {p}
                </Text>
              ))}
              {s.items && (
                <List.Root gap="2" ps="5" color="gray.700">
                  {s.items.map((i) => (
                    <List.Item key={i}>{i}</List.Item>
                  ))}
                </List.Root>
              )}
            </Stack>
          ))}
        </Stack>
      </Container>
    </>
  );
}
