import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Flex, Heading, Link, Text } from '@chakra-ui/react';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';

/** Title, subtitle and (except on /admin itself) the back link to the admin dashboard. */
export function AdminPageHeader({
  title,
  subtitle,
  back = true,
  actions,
}: {
  title: string;
  subtitle?: string;
  back?: boolean;
  actions?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const Arrow = i18n.dir() === 'rtl' ? ArrowRight : ArrowLeft;
  return (
    <Box mb="8">
      {back && (
        <Link asChild color="teal.700" fontSize="sm" mb="3" display="inline-flex" alignItems="center" gap="1">
          <RouterLink to={paths.admin}>
            <Arrow size={14} aria-hidden /> {t('admin.backToAdmin')}
          </RouterLink>
        </Link>
      )}
      <Flex justify="space-between" align="start" gap="4" wrap="wrap">
        <Box>
          <Heading as="h1" size="2xl">
            {title}
          </Heading>
          {subtitle && (
            <Text color="gray.600" mt="1">
              {subtitle}
            </Text>
          )}
        </Box>
        {actions}
      </Flex>
    </Box>
  );
}
