import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Box, Button, CloseButton, Flex, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { Bot, MessageCircle, Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ASSISTANT_LIMITS } from '@shared/admin.messages';
import { AssistantError, streamAnswer, type ChatTurn } from './stream';

/** The visitors' assistant (shown by ChatLauncher when an admin has enabled it). Answers stream in as they are written. */
export function ChatWidget() {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const [turns, setTurns] = useState<ChatTurn[]>([]);
  const [input, setInput] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => {
    listRef.current?.scrollTo({ top: listRef.current.scrollHeight });
  }, [turns, open]);
  useEffect(() => () => abort.current?.abort(), []);

  // A refusal names its text by key (`assistant.<key>` → assistant.errors.<key>); anything else failed to answer.
  const message = (err: unknown) => {
    const key = err instanceof AssistantError ? err.messageKey : undefined;
    const path = key?.startsWith('assistant.') ? `assistant.errors.${key.slice('assistant.'.length)}` : undefined;
    return path && i18n.exists(path) ? t(path) : t('assistant.errors.failed');
  };

  async function onSend(e: FormEvent) {
    e.preventDefault();
    const text = input.trim();
    if (!text || busy) return;
    const history: ChatTurn[] = [...turns, { role: 'user', content: text }];
    setTurns([...history, { role: 'assistant', content: '' }]);
    setInput('');
    setError(null);
    setBusy(true);
    abort.current = new AbortController();
    try {
      await streamAnswer(
        history.slice(-ASSISTANT_LIMITS.messagesMax),
        i18n.language,
        (piece) =>
          setTurns((all) => {
            const copy = [...all];
            const last = copy[copy.length - 1];
            copy[copy.length - 1] = { ...last, content: last.content + piece };
            return copy;
          }),
        abort.current.signal,
      );
    } catch (err) {
      if ((err as Error).name === 'AbortError') return;
      setError(message(err));
      // Drop the unanswered turn so the conversation sent next time stays valid.
      setTurns((all) => (all[all.length - 1]?.content ? all : all.slice(0, -2)));
      setInput(text);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box position="fixed" bottom="4" insetInlineEnd="4" zIndex="overlay">
      {open && (
        <Flex
          role="dialog"
          aria-label={t('assistant.title')}
          direction="column"
          bg="white"
          borderWidth="1px"
          borderRadius="lg"
          boxShadow="lg"
          w="min(380px, calc(100vw - 2rem))"
          h="min(520px, calc(100vh - 7rem))"
          mb="3"
          overflow="hidden"
        >
          <HStack justify="space-between" bg="teal.700" color="white" px="4" py="3">
            <HStack gap="2">
              <Bot size={18} aria-hidden />
              <Text fontWeight="semibold">{t('assistant.title')}</Text>
            </HStack>
            <CloseButton size="sm" color="white" aria-label={t('assistant.close')} onClick={() => setOpen(false)} />
          </HStack>
          <Stack ref={listRef} flex="1" overflowY="auto" p="4" gap="3" aria-live="polite" data-testid="assistant-messages">
            <Box bg="gray.100" borderRadius="md" px="3" py="2" alignSelf="start" maxW="85%">
              <Text fontSize="sm">{t('assistant.greeting')}</Text>
            </Box>
            {turns.map((m, i) => (
              <Box
                key={i}
                bg={m.role === 'user' ? 'teal.600' : 'gray.100'}
                color={m.role === 'user' ? 'white' : 'inherit'}
                borderRadius="md"
                px="3"
                py="2"
                alignSelf={m.role === 'user' ? 'end' : 'start'}
                maxW="85%"
                data-role={m.role}
              >
                <Text srOnly>{m.role === 'user' ? t('assistant.you') : t('assistant.bot')}: </Text>
                <Text fontSize="sm" whiteSpace="pre-wrap">
                  {m.content || (busy && i === turns.length - 1 ? t('assistant.writing') : '')}
                </Text>
              </Box>
            ))}
            {error && (
              <Text role="alert" fontSize="sm" color="red.600">
                {error}
              </Text>
            )}
          </Stack>
          <Box as="form" onSubmit={onSend} borderTopWidth="1px" p="3">
            <HStack>
              <Input
                size="sm"
                value={input}
                maxLength={ASSISTANT_LIMITS.messageMax}
                onChange={(e) => setInput(e.target.value)}
                placeholder={t('assistant.placeholder')}
                aria-label={t('assistant.placeholder')}
              />
              <Button type="submit" size="sm" colorPalette="teal" loading={busy} disabled={!input.trim()} aria-label={t('assistant.send')}>
                <Send size={16} aria-hidden style={i18n.dir() === 'rtl' ? { transform: 'scaleX(-1)' } : undefined} />
              </Button>
            </HStack>
            <Text fontSize="xs" color="gray.500" mt="2">
              {t('assistant.disclaimer')}
            </Text>
          </Box>
        </Flex>
      )}
      <Flex justify="end">
        <IconButton
          aria-label={open ? t('assistant.close') : t('assistant.open')}
          aria-expanded={open}
          colorPalette="teal"
          borderRadius="full"
          size="lg"
          boxShadow="md"
          onClick={() => setOpen((o) => !o)}
        >
          <MessageCircle />
        </IconButton>
      </Flex>
    </Box>
  );
}
