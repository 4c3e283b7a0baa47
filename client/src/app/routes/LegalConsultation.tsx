import { Box, Card, Circle, Container, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { useRouteMeta } from '../../lib/page-meta';
import { PageHero } from '../../features/public/PageHero';
import { InquiryForm } from '../../features/inquiries/InquiryForm';

/** /legal/legal-consultation: the request form and what happens next (submit, contact within 24 hours, meeting). */
export default function LegalConsultationPage() {
  const { t } = useTranslation();
  useRouteMeta(paths.legalConsultation);
  const steps = t('legalPages.consultation.steps', { returnObjects: true }) as Array<{ title: string; text: string }>;
  return (
    <>
      <PageHero title={t('legalPages.consultation.title')} subtitle={t('legalPages.consultation.subtitle')} />
      <Container maxW="7xl" py="12">
        <SimpleGrid columns={{ base: 1, lg: 3 }} gap="10" alignItems="start">
          <Card.Root gridColumn={{ lg: 'span 2' }}>
            <Card.Header>
              <Heading as="h2" size="lg">
                {t('legalPages.consultation.formTitle')}
              </Heading>
            </Card.Header>
            <Card.Body>
              <InquiryForm mode="consultation" />
            </Card.Body>
          </Card.Root>
          <Stack gap="4" as="aside" aria-labelledby="next-steps">
            <Heading as="h2" id="next-steps" size="lg">
              {t('legalPages.consultation.stepsTitle')}
            </Heading>
            <Stack as="ol" gap="4" listStyleType="none">
              {steps.map((s, i) => (
                <HStack as="li" key={s.title} align="start" gap="3">
                  <Circle size="9" bg="teal.600" color="white" fontWeight="bold" flexShrink={0} aria-hidden>
                    {i + 1}
                  </Circle>
                  <Box>
                    <Text fontWeight="semibold">{s.title}</Text>
                    <Text color="gray.600" fontSize="sm">
                      {s.text}
                    </Text>
                  </Box>
                </HStack>
              ))}
            </Stack>
            <Text fontSize="sm" color="gray.600">
              {t('legalPages.consultation.confidential')}
            </Text>
          </Stack>
        </SimpleGrid>
      </Container>
    </>
  );
}
