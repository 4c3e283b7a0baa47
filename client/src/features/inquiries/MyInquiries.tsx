import { Link as RouterLink } from 'react-router-dom';
import { Badge, Box, Button, Card, EmptyState, HStack, Stack, Text, VStack } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { Inbox } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MyInquiriesQuery } from './operations';
import { formatDate } from '../../lib/format';
import { paths } from '../../config/paths';
import { STATUS_COLORS, serviceTypeKey } from './status';
import { RowsSkeleton } from '../../components/ui/skeletons';

/** The logged-in user's inquiries and consultation requests with their status (dashboard tab). */
export function MyInquiries() {
  const { t, i18n } = useTranslation();
  const { data, loading, error } = useQuery(MyInquiriesQuery, { fetchPolicy: 'cache-and-network' });
  if (loading && !data) return <RowsSkeleton />;
  if (error && !data) return <Text color="red.600">{t('inquiries.myLoadFailed')}</Text>;
  const items = data?.myInquiries ?? [];
  if (!items.length)
    return (
      <EmptyState.Root>
        <EmptyState.Content>
          <EmptyState.Indicator>
            <Inbox />
          </EmptyState.Indicator>
          <VStack textAlign="center">
            <EmptyState.Title>{t('inquiries.myEmpty')}</EmptyState.Title>
          </VStack>
          <HStack>
            <Button asChild colorPalette="teal">
              <RouterLink to={paths.legalConsultation}>{t('inquiries.bookConsultation')}</RouterLink>
            </Button>
            <Button asChild variant="outline">
              <RouterLink to={paths.contact}>{t('inquiries.contactUs')}</RouterLink>
            </Button>
          </HStack>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  return (
    <Stack gap="3" data-testid="my-inquiries">
      {items.map((i) => (
        <Card.Root key={i.id} size="sm" variant="outline" data-testid="my-inquiry">
          <Card.Body>
            <HStack justify="space-between" align="start" gap="3" wrap="wrap">
              <Box>
                <Text fontWeight="semibold">{t(serviceTypeKey(i.serviceType))}</Text>
                <Text fontSize="sm" color="gray.600">
                  {t('inquiries.sentOn', { date: formatDate(i.createdAt, i18n.language) })}
                  {i.preferredDate &&
                    ` · ${t('inquiries.preferredSlot', { date: formatDate(i.preferredDate, i18n.language), time: i.preferredTime ?? '' })}`}
                </Text>
              </Box>
              <Badge colorPalette={STATUS_COLORS[i.status]}>{t(`inquiries.statuses.${i.status}`)}</Badge>
            </HStack>
            <Text mt="2" lineClamp={2} whiteSpace="pre-line">
              {i.message}
            </Text>
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}
