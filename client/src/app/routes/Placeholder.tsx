import { Link as RouterLink } from 'react-router-dom';
import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';

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
