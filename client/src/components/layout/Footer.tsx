import { Link as RouterLink } from 'react-router-dom';
import { Box, Container, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { riyadhYmd } from '@shared/dates';
import { paths } from '../../config/paths';
import { NewsletterForm } from '../../features/newsletter/NewsletterForm';
import { usePlatformInfo } from '../../features/public/platform-info';

function Column({ title, links }: { title: string; links: Array<[string, string]> }) {
  return (
    <Stack gap="2">
      <Heading as="h2" size="sm" color="white">
        {title}
      </Heading>
      {links.map(([to, label]) => (
        <Link key={to} asChild color="gray.300" fontSize="sm" _hover={{ color: 'white' }}>
          <RouterLink to={to}>{label}</RouterLink>
        </Link>
      ))}
    </Stack>
  );
}

export function Footer() {
  const { t } = useTranslation();
  // Name, contact details and hours come from Admin › Settings › General (the same query as the Contact page).
  const info = usePlatformInfo();
  return (
    <Box as="footer" bg="gray.900" color="gray.300" mt="16">
      <Container maxW="7xl" py="12">
        <SimpleGrid columns={{ base: 1, md: 2, lg: 5 }} gap="8">
          <Stack gap="3" gridColumn={{ lg: 'span 2' }}>
            <Text fontWeight="bold" fontSize="xl" color="white" data-testid="footer-platform-name">
              {info.name}
            </Text>
            <Text fontSize="sm">{t('footer.about')}</Text>
            <Heading as="h2" size="sm" color="white" mt="4">
              {t('footer.newsletterTitle')}
            </Heading>
            <Text fontSize="sm">{t('footer.newsletterText')}</Text>
            <NewsletterForm />
          </Stack>
          <Column
            title={t('footer.platform')}
            links={[
              [paths.resources, t('footer.browseResources')],
              [paths.listResource, t('footer.listResource')],
              [paths.services, t('footer.businessServices')],
              [paths.legal, t('footer.legalServices')],
            ]}
          />
          <Column
            title={t('footer.legalLinks')}
            links={[
              ['/legal/corporate', t('footer.corporateLaw')],
              ['/legal/contracts', t('footer.contractReview')],
              ['/legal/consultation', t('footer.consultation')],
              [paths.privacy, t('footer.privacy')],
              [paths.terms, t('footer.terms')],
              [paths.cookies, t('footer.cookies')],
            ]}
          />
          <Stack gap="2">
            <Heading as="h2" size="sm" color="white">
              {t('footer.contactDetails')}
            </Heading>
            <Text fontSize="sm" whiteSpace="pre-line">
              {info.address}
            </Text>
            <Link href={info.phoneHref} color="gray.300" fontSize="sm" dir="ltr">
              {info.phone}
            </Link>
            <Link href={`mailto:${info.email}`} color="gray.300" fontSize="sm">
              {info.email}
            </Link>
            <Stack gap="0" fontSize="xs" color="gray.400" data-testid="footer-hours">
              <Text fontWeight="semibold">{t('publicSite.contact.hoursTitle')}</Text>
              {(info.customHours ?? info.defaultHours.map((h) => `${h.days}: ${h.time}`)).map((line, i) => (
                <Text key={i}>{line}</Text>
              ))}
            </Stack>
            {info.vatNumber && (
              <Text fontSize="xs" color="gray.400">
                {t('footer.vatNumber', { number: info.vatNumber })}
              </Text>
            )}
            <Link asChild color="gray.300" fontSize="sm">
              <RouterLink to={paths.about}>{t('footer.aboutUs')}</RouterLink>
            </Link>
            <Link asChild color="gray.300" fontSize="sm">
              <RouterLink to={paths.contact}>{t('footer.contactUs')}</RouterLink>
            </Link>
          </Stack>
        </SimpleGrid>
        <Text fontSize="xs" mt="10" color="gray.400">
          {t('footer.rights', { year: riyadhYmd(new Date()).slice(0, 4), name: info.name })}
        </Text>
      </Container>
    </Box>
  );
}
