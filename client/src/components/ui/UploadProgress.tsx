import { Progress } from '@chakra-ui/react';

/** The share of a file sent so far (0–1), named for assistive technology by `label` ("Uploading cr.pdf"). */
export function UploadProgress({ sent, label, size = 'xs' }: { sent: number; label: string; size?: 'xs' | 'sm' }) {
  return (
    <Progress.Root value={Math.round(sent * 100)} size={size} w="full" mt={size === 'xs' ? '1' : undefined} colorPalette="teal">
      <Progress.Track aria-label={label}>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}
