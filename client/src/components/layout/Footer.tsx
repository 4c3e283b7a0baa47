import { Link as RouterLink } from 'react-router-dom';
import { Box, Container, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@apollo/client/react';
import { graphql } from '../../gql';
import { paths } from '../../config/paths';
import { NewsletterForm } from '../../features/newsletter/NewsletterForm';

function Column({ title, links }: { title: string; links: Array<[string, string]> }) {
  return (
    <Stack gap="2">
      <Heading as="h2" size="sm" color="white">
        {title}
      </Heading>
      {links.map(([to, label]) => (
        <Link key={to} asChild color="gray.300" fontSize="sm" _hover={{ color: "white" }}>
          <RouterLink to={to}>{label}</RouterLink>
        </Link>
      ))}
    </Stack>
  );
}

const PlatformInfoQuery = graphql(`
  query FooterPlatformInfo {
    platformInfo {
      platformName
      contactEmail
      contactPhone
      address
      vatNumber
    }
  }
`);

export function Footer() {
  const { t } = useTranslation();
  // Contact details come from Admin › Settings › General when set; the translations are the defaults.
  const info = useQuery(PlatformInfoQuery, { fetchPolicy: 'cache-first' }).data?.platformInfo;
  const email = info?.contactEmail || t('footer.email');
  const phone = info?.contactPhone || t('footer.phone');
  const address = info?.address || t('footer.address');
  return (
    <Box as="footer" bg="gray.900" color="gray.300" mt="16">
      <Container maxW="7xl" py="12">
        <SimpleGrid columns={{ base: 1, md: 2, lg: 5 }} gap="8">
          <Stack gap="3" gridColumn={{ lg: 'span 2' }}>
            <Text fontWeight="bold" fontSize="xl" color="white">
              {t('brand.name')}
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
            <Text fontSize="sm">{address}</Text>
            <Link href={`tel:${phone.replace(/[^+\d]/g, '')}`} color="gray.300" fontSize="sm" dir="ltr">
              {phone}
            </Link>
            <Link href={`mailto:${email}`} color="gray.300" fontSize="sm">
              {email}
            </Link>
            {info?.vatNumber && (
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
          {t('footer.rights', { year: new Date().getFullYear() })}
        </Text>
      </Container>
    </Box>
  );
}
