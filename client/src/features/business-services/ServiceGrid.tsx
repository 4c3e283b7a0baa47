import { useEffect } from 'react';
import { SimpleGrid, Skeleton, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { BusinessServicesQuery } from './operations';
import { ServiceCard } from './ServiceCard';
import { notify } from '../../components/ui/toaster';

/** The business services from the server, in the visitor's language. */
export function ServiceGrid({ showImages = true, toastOnError = true }: { showImages?: boolean; toastOnError?: boolean }) {
  const { t, i18n } = useTranslation();
  const { data, loading, error } = useQuery(BusinessServicesQuery, { variables: { locale: i18n.language } });
  useEffect(() => {
    if (error && toastOnError) notify.error(t('publicSite.services.loadFailed'));
  }, [error, toastOnError, t]);
  if (error && !data) return <Text color="gray.600">{t('publicSite.services.loadFailed')}</Text>;
  return (
    <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="6" data-testid="service-grid">
      {loading && !data
        ? Array.from({ length: 6 }, (_, i) => <Skeleton key={i} h="260px" rounded="lg" />)
        : data?.businessServices.map((s) => <ServiceCard key={s.id} service={s} showImage={showImages} />)}
    </SimpleGrid>
  );
}
