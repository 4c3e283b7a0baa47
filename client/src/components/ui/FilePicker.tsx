import { useRef } from 'react';
import { Button, HStack, Input, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/**
 * A file field in the page's language. The browser draws its own file input's button and "No file chosen" in the
 * browser's language, whatever the page's (English on an Arabic page). The input stays the field the label names
 * (hidden from sight and from Tab, still in the accessibility tree); the button opens it and the chosen name shows
 * beside it.
 */
export function FilePicker({
  accept,
  fileName,
  onFiles,
  disabled,
}: {
  accept: string;
  /** The file this field holds now (null once it was refused or removed). */
  fileName: string | null | undefined;
  onFiles: (files: FileList | null) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  return (
    <HStack gap="3" wrap="wrap">
      <Input ref={input} type="file" accept={accept} srOnly tabIndex={-1} onChange={(e) => onFiles(e.target.files)} />
      <Button size="sm" variant="outline" disabled={disabled} onClick={() => input.current?.click()}>
        {t('common.chooseFile')}
      </Button>
      <Text fontSize="sm" color="fg.muted" dir="auto">
        {fileName || t('common.noFileChosen')}
      </Text>
    </HStack>
  );
}
