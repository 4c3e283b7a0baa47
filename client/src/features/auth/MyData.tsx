import { useState } from 'react';
import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../lib/download';
import { notify } from '../../components/ui/toaster';
import { translateServerMessage } from '../../lib/errors';

/** GET /api/account/export, saved as the file the server names. */
const downloadMyData = () => downloadFile('/account/export', 'mawarid-my-data.json');

/** "Your data": a copy of everything held about the account (PDPL right of access). */
export function MyData() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadMyData();
      notify.success(t('rights.exportDone'));
    } catch (err) {
      notify.error(
        err instanceof TypeError
          ? t('common.networkError')
          : err instanceof Error && err.message
            ? translateServerMessage(err.message)
            : t('rights.exportFailed'),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="3">
      <Heading as="h3" size="md">
        {t('rights.exportTitle')}
      </Heading>
      <Text color="gray.600">{t('rights.exportText')}</Text>
      <HStack>
        <Button variant="outline" colorPalette="teal" onClick={download} loading={busy}>
          <Download size={16} aria-hidden />
          {t('rights.exportButton')}
        </Button>
      </HStack>
    </Stack>
  );
}
