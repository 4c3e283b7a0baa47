import { useEffect } from 'react';
import { Link as RouterLink, Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Box, Center, Container, Grid, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth';
import { errorMessage } from '../../lib/errors';
import { ConversationList } from '../../features/messages/ConversationList';
import { Thread } from '../../features/messages/Thread';
import { Composer } from '../../features/messages/Composer';
import {
  ConversationForResourceQuery,
  ConversationQuery,
  MyConversationsQuery,
  StartConversationMutation,
} from '../../features/messages/operations';
import { LoadingSpinner } from '../../components/ui/loading-spinner';

/** Loading, failed, or not there (404: not one of the caller's). */
function Pending({ loading, error }: { loading: boolean; error: unknown }) {
  const { t } = useTranslation();
  if (loading)
    return (
      <Center py="12">
        <LoadingSpinner />
      </Center>
    );
  return (
    <Text color={error ? 'red.600' : 'gray.600'} role={error ? 'alert' : undefined} p="4">
      {error ? errorMessage(error, t('messages.loadFailed')) : t('messages.notFound')}
    </Text>
  );
}

function BackToList() {
  const { t, i18n } = useTranslation();
  const Arrow = i18n.dir() === 'rtl' ? ArrowRight : ArrowLeft;
  return (
    <Link asChild color="teal.700" fontSize="sm" display={{ base: 'inline-flex', md: 'none' }} mb="2" alignSelf="start">
      <RouterLink to={paths.messages}>
        <Arrow size={14} aria-hidden /> {t('messages.back')}
      </RouterLink>
    </Link>
  );
}

function OpenThread({ id, bookingId }: { id: string; bookingId?: string }) {
  const { data, error, loading } = useQuery(ConversationQuery, { variables: { id } });
  if (!data?.conversation) return <Pending loading={loading} error={error} />;
  return <Thread conversation={data.conversation} bookingId={bookingId} />;
}

/** /messages/new?resource=…[&booking=…]: the existing conversation about the listing, or a first message to its host. */
function NewConversation({ resourceId, bookingId }: { resourceId: string; bookingId?: string }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const navigate = useNavigate();
  const { data, error, loading } = useQuery(ConversationForResourceQuery, { variables: { resourceId }, fetchPolicy: 'network-only' });
  const [start] = useMutation(StartConversationMutation, { refetchQueries: ['MyConversations'] });
  const existing = data?.conversationForResource?.id;
  useEffect(() => {
    if (existing)
      navigate(`${paths.conversation(existing)}${bookingId ? `?booking=${encodeURIComponent(bookingId)}` : ''}`, { replace: true });
  }, [existing, bookingId, navigate]);
  if (!data?.resource || existing) return <Pending loading={loading || !!existing} error={error} />;
  if (data.resource.ownerId === user?.id) return <Text color="gray.600">{t('messages.ownListing')}</Text>;
  return (
    <Stack gap="3">
      <Heading as="h2" size="md">
        {t('messages.askAbout', { title: data.resource.title })}
      </Heading>
      <Text color="gray.600" fontSize="sm">
        {t('messages.askHint')}
      </Text>
      <Composer
        label={t('messages.firstMessage')}
        onSend={async (body) => {
          const res = await start({ variables: { input: { resourceId, body, bookingId } } });
          const id = res.data?.startConversation.conversation.id;
          if (id) navigate(paths.conversation(id), { replace: true });
        }}
      />
    </Stack>
  );
}

/**
 * /messages and /messages/:id: the conversation list beside the open thread; on a phone one of the two at a time
 * (the list at /messages, the thread with a way back at /messages/:id).
 */
export default function MessagesPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const [search] = useSearchParams();
  const list = useQuery(MyConversationsQuery, { fetchPolicy: 'cache-and-network' });
  const resourceId = id === 'new' ? search.get('resource') : null;
  const bookingId = search.get('booking') ?? undefined;
  if (id === 'new' && !resourceId) return <Navigate to={paths.messages} replace />;
  const open = !!id;

  return (
    <Container maxW="6xl" py={{ base: '4', md: '8' }}>
      <Heading as="h1" size="xl" mb="4" display={{ base: open ? 'none' : 'block', md: 'block' }}>
        {t('messages.title')}
      </Heading>
      <Grid
        templateColumns={{ base: '1fr', md: '320px 1fr' }}
        borderWidth={{ md: '1px' }}
        rounded="md"
        h={{ md: '70vh' }}
        minH={{ md: '420px' }}
        overflow="hidden"
      >
        <Box
          as="section"
          aria-label={t('messages.listLabel')}
          borderEndWidth={{ md: '1px' }}
          overflowY="auto"
          display={{ base: open ? 'none' : 'block', md: 'block' }}
        >
          {list.data ? (
            <ConversationList items={list.data.myConversations.items} activeId={id} />
          ) : (
            <Pending loading={list.loading} error={list.error} />
          )}
        </Box>
        <Box
          as="section"
          p={{ base: '0', md: '4' }}
          minH="0"
          display={{ base: open ? 'flex' : 'none', md: 'flex' }}
          flexDirection="column"
          h={{ base: 'calc(100dvh - 120px)', md: 'auto' }}
        >
          {open && <BackToList />}
          <Box flex="1" minH="0">
            {resourceId ? (
              <NewConversation resourceId={resourceId} bookingId={bookingId} />
            ) : id ? (
              <OpenThread key={id} id={id} bookingId={bookingId} />
            ) : (
              <Text color="gray.600" display={{ base: 'none', md: 'block' }}>
                {t('messages.pick')}
              </Text>
            )}
          </Box>
        </Box>
      </Grid>
    </Container>
  );
}
