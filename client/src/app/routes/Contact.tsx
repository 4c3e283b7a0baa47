import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Card, Circle, Container, Heading, HStack, Link, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { CalendarCheck, Clock, Mail, MapPin, Phone, Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { useRouteMeta } from '../../lib/page-meta';
import { PageHero } from '../../features/public/PageHero';
import { InquiryForm } from '../../features/inquiries/InquiryForm';
import { usePlatformInfo } from '../../features/public/platform-info';

export default function ContactPage() {
  const { t } = useTranslation();
  useRouteMeta(paths.contact);
  const info = usePlatformInfo();
  return (
    <>
      <PageHero title={t('publicSite.contact.title')} subtitle={t('publicSite.contact.subtitle')} />
      <Container maxW="7xl" py="12">
        <SimpleGrid columns={{ base: 1, lg: 3 }} gap="8" alignItems="start">
          <Card.Root gridColumn={{ lg: 'span 2' }}>
            <Card.Header>
              <Heading as="h2" size="lg">
                {t('publicSite.contact.formTitle')}
              </Heading>
              <Text color="gray.600">{t('publicSite.contact.formText')}</Text>
            </Card.Header>
            <Card.Body>
              <InquiryForm mode="contact" />
            </Card.Body>
          </Card.Root>

          <Stack gap="6">
            <Card.Root as="section" aria-labelledby="contact-info">
              <Card.Body gap="4">
                <Heading as="h2" id="contact-info" size="md">
                  {t('publicSite.contact.infoTitle')}
                </Heading>
                {[
                  [MapPin, info.address, null],
                  [Phone, info.phone, info.phoneHref],
                  [Mail, info.email, `mailto:${info.email}`],
                ].map(([Icon, text, href]) => {
                  const I = Icon as typeof MapPin;
                  return (
                    <HStack key={text as string} align="start" gap="3">
                      <Circle size="9" bg="teal.50" color="teal.700" flexShrink={0}>
                        <I size={16} aria-hidden />
                      </Circle>
                      {href ? (
                        <Link href={href as string} dir="ltr" pt="1.5">
                          {text as string}
                        </Link>
                      ) : (
                        <Text pt="1.5" whiteSpace="pre-line">
                          {text as string}
                        </Text>
                      )}
                    </HStack>
                  );
                })}
              </Card.Body>
            </Card.Root>

            <Card.Root as="section" aria-labelledby="business-hours" data-testid="business-hours">
              <Card.Body gap="3">
                <HStack gap="2">
                  <Clock size={18} aria-hidden />
                  <Heading as="h2" id="business-hours" size="md">
                    {t('publicSite.contact.hoursTitle')}
                  </Heading>
                </HStack>
                {info.customHours ? (
                  <Stack gap="1" data-testid="business-hours-custom">
                    {info.customHours.map((line, i) => (
                      <Text key={i} fontSize="sm">
                        {line}
                      </Text>
                    ))}
                  </Stack>
                ) : (
                  <>
                    <Table.Root size="sm" variant="line">
                      <Table.Body>
                        {info.defaultHours.map((h) => (
                          <Table.Row key={h.days}>
                            <Table.Cell ps="0">{h.days}</Table.Cell>
                            <Table.Cell pe="0" textAlign="end">
                              {h.time}
                            </Table.Cell>
                          </Table.Row>
                        ))}
                      </Table.Body>
                    </Table.Root>
                    <Text fontSize="sm">{info.phoneSupport}</Text>
                  </>
                )}
                <Text fontSize="sm" fontWeight="semibold" color="orange.700">
                  {t('publicSite.contact.appointment')}
                </Text>
              </Card.Body>
            </Card.Root>

            <Box p="5" rounded="lg" bg="teal.50">
              <Stack gap="3">
                <Text fontWeight="semibold">{t('publicSite.contact.quickTitle')}</Text>
                <Button asChild colorPalette="teal" justifyContent="start">
                  <RouterLink to={paths.resources}>
                    <Search size={16} aria-hidden /> {t('publicSite.contact.browseResources')}
                  </RouterLink>
                </Button>
                <Button asChild colorPalette="teal" variant="outline" justifyContent="start" bg="white">
                  <RouterLink to={paths.legalConsultation}>
                    <CalendarCheck size={16} aria-hidden /> {t('publicSite.contact.bookConsultation')}
                  </RouterLink>
                </Button>
              </Stack>
            </Box>
          </Stack>
        </SimpleGrid>
      </Container>
    </>
  );
}
