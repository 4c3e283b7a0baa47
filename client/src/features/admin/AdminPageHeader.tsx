import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Link } from '@chakra-ui/react';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { PageHeader } from '../../components/ui/PageHeader';

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
      <PageHeader title={title} subtitle={subtitle} actions={actions} />
    </Box>
  );
}
