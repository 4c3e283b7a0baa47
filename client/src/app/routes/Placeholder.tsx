import { Link as RouterLink } from 'react-router-dom';
import { Button, Container, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';

/** A page of the route table whose feature has not landed yet: says so honestly and offers a way on. */
export default function PlaceholderPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <Container maxW="3xl" py="16">
      <Stack gap="4">
        <Heading as="h1" size="2xl">
          {t(titleKey)}
        </Heading>
        <Heading as="h2" size="md" color="gray.700">
          {t('placeholder.title')}
        </Heading>
        <Text color="gray.600">{t('placeholder.text')}</Text>
        <HStack>
          <Button asChild colorPalette="teal">
            <RouterLink to={paths.home}>{t('common.backToHome')}</RouterLink>
          </Button>
          <Button asChild variant="outline">
            <RouterLink to={paths.contact}>{t('placeholder.contact')}</RouterLink>
          </Button>
        </HStack>
      </Stack>
    </Container>
  );
}

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Container maxW="3xl" py="16">
      <Stack gap="4">
        <Heading as="h1" size="2xl">
          {t('notFound.title')}
        </Heading>
        <Text color="gray.600">{t('notFound.text')}</Text>
        <Button asChild colorPalette="teal" alignSelf="start">
          <RouterLink to={paths.home}>{t('common.backToHome')}</RouterLink>
        </Button>
      </Stack>
    </Container>
  );
}
