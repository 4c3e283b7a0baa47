import { Link as RouterLink } from 'react-router-dom';
import { Box, Card, Circle, Heading, Image, LinkBox, LinkOverlay, Text } from '@chakra-ui/react';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ServiceIcon } from '../../components/ui/ServiceIcon';
import { paths } from '../../config/paths';

export interface ServiceSummary {
  id: string;
  title: string;
  description: string;
  icon: string;
  image?: string | null;
}

export function ServiceCard({ service, showImage = true }: { service: ServiceSummary; showImage?: boolean }) {
  const { t, i18n } = useTranslation();
  const Arrow = i18n.language === 'ar' ? ArrowLeft : ArrowRight;
  return (
    <LinkBox as="article" h="full">
      <Card.Root h="full" overflow="hidden" _hover={{ shadow: 'md', borderColor: 'teal.300' }} transition="all 0.15s">
        {showImage && service.image && <Image src={service.image} alt="" h="140px" objectFit="cover" loading="lazy" />}
        <Card.Body gap="3">
          <Circle size="12" bg="teal.50" color="teal.700">
            <ServiceIcon name={service.icon} />
          </Circle>
          <Heading as="h3" size="md">
            <LinkOverlay asChild>
              <RouterLink to={paths.service(service.id)}>{service.title}</RouterLink>
            </LinkOverlay>
          </Heading>
          <Text color="gray.600">{service.description}</Text>
          <Box mt="auto" color="teal.700" fontWeight="medium" display="flex" alignItems="center" gap="1">
            {t('publicSite.services.learnMore')} <Arrow size={16} aria-hidden />
          </Box>
        </Card.Body>
      </Card.Root>
    </LinkBox>
  );
}
