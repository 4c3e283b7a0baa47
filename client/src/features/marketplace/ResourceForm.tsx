import { useRef, useState, type FormEvent } from 'react';
import {
  Box,
  Button,
  Checkbox,
  CloseButton,
  Field,
  HStack,
  Image,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { ImagePlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CATEGORIES, FILE_FORMATS, MARKET_LIMITS as L, MARKET_MESSAGES as M, PERIODS } from '@shared/marketplace.rules';
import { notify } from '../../components/ui/toaster';
import { categoryLabel, periodLabel } from '../../lib/labels';
import { readAsDataUrl } from './rest';
import { marketError, translateMarketMessage } from './messages';

export interface ResourceFormValues {
  title: string;
  description: string;
  category: string;
  period: string;
  price: string;
  location: string;
  /** Data URLs of new images, URLs of kept ones. */
  images: Array<{ src: string; name: string }>;
  digital: boolean;
  file: { dataUrl: string; name: string } | null;
  fileFormat: string;
}

export const emptyResourceForm: ResourceFormValues = {
  title: '',
  description: '',
  category: CATEGORIES[0],
  period: 'day',
  price: '',
  location: '',
  images: [],
  digital: false,
  file: null,
  fileFormat: 'pdf',
};

/** The body the REST adapter expects (spec section 3 "Resource creation payload"). */
export function toPayload(v: ResourceFormValues) {
  return {
    title: v.title,
    description: v.description,
    category: v.category,
    period: v.period,
    price: Number(v.price),
    location: v.location,
    images: v.images.map((i) => i.src),
    ...(v.digital && v.file ? { resource_type: 'digital', file: v.file.dataUrl, file_name: v.file.name, file_format: v.fileFormat } : {}),
  };
}

/** Listing form (spec sections 2 and 5): counters, image previews with removal, the spec's messages. */
export function ResourceForm({
  initial,
  editing,
  submitLabel,
  onSubmit,
  failMessage,
}: {
  initial: ResourceFormValues;
  editing?: boolean;
  submitLabel: string;
  onSubmit: (values: ResourceFormValues) => Promise<void>;
  failMessage: string;
}) {
  const { t } = useTranslation();
  const [v, setV] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const set = (k: keyof ResourceFormValues) => (e: { target: { value: string } }) => setV((s) => ({ ...s, [k]: e.target.value }));

  async function addImages(files: FileList | null) {
    if (!files?.length) return;
    const list = Array.from(files);
    if (v.images.length + list.length > L.maxImages) {
      notify.error(translateMarketMessage(M.maxImages));
      setError(translateMarketMessage(M.maxImages));
    }
    const room = Math.max(0, L.maxImages - v.images.length);
    const added: Array<{ src: string; name: string }> = [];
    for (const f of list.slice(0, room)) {
      if (f.size > L.imageMaxBytes) {
        notify.error(t('market.form.imageTooLarge', { file: f.name }));
        continue;
      }
      added.push({ src: await readAsDataUrl(f), name: f.name });
    }
    setV((s) => ({ ...s, images: [...s.images, ...added].slice(0, L.maxImages) }));
    if (fileInput.current) fileInput.current.value = '';
  }

  async function addFile(files: FileList | null) {
    const f = files?.[0];
    if (!f) return;
    if (f.size > L.fileMaxBytes) return notify.error(translateMarketMessage(M.fileTooLarge));
    const ext = f.name.split('.').pop()?.toLowerCase() ?? '';
    setV((s) => ({
      ...s,
      file: { dataUrl: '', name: f.name },
      fileFormat: (FILE_FORMATS as readonly string[]).includes(ext) ? ext : s.fileFormat,
    }));
    const dataUrl = await readAsDataUrl(f);
    setV((s) => ({ ...s, file: { dataUrl, name: f.name } }));
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (!v.title.trim() || !v.description.trim() || !v.price.trim() || !v.location.trim())
      return setError(translateMarketMessage(M.requiredFields));
    if (!(Number(v.price) > 0)) return setError(translateMarketMessage(M.pricePositive));
    if (Number(v.price) > L.priceMax) return setError(translateMarketMessage(M.priceTooHigh));
    if (v.images.length > L.maxImages) return setError(translateMarketMessage(M.maxImages));
    if (v.digital && !v.file?.dataUrl) return setError(translateMarketMessage(M.fileRequired));
    setBusy(true);
    try {
      await onSubmit(v);
    } catch (err) {
      const msg = marketError(err, failMessage);
      setError(msg);
      notify.error(msg);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="5">
        <Field.Root required>
          <Field.Label>
            {t('market.form.title')} <Field.RequiredIndicator />
          </Field.Label>
          <Input value={v.title} onChange={set('title')} maxLength={L.titleMax} />
          <Field.HelperText>{t('market.form.counter', { count: v.title.length, max: L.titleMax })}</Field.HelperText>
        </Field.Root>
        <Field.Root required>
          <Field.Label>
            {t('market.form.description')} <Field.RequiredIndicator />
          </Field.Label>
          <Textarea value={v.description} onChange={set('description')} maxLength={L.descriptionMax} rows={5} />
          <Field.HelperText data-testid="description-counter">
            {t('market.form.counter', { count: v.description.length, max: L.descriptionMax })}
          </Field.HelperText>
        </Field.Root>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Field.Root required>
            <Field.Label>{t('market.form.category')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={v.category} onChange={set('category')}>
                {CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {categoryLabel(t, c)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root required>
            <Field.Label>{t('market.form.period')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={v.period} onChange={set('period')}>
                {PERIODS.map((p) => (
                  <option key={p} value={p}>
                    {periodLabel(t, p)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root required>
            <Field.Label>
              {t('market.form.price')} <Field.RequiredIndicator />
            </Field.Label>
            <Input type="number" inputMode="decimal" min="0.01" step="0.01" value={v.price} onChange={set('price')} dir="ltr" />
          </Field.Root>
          <Field.Root required>
            <Field.Label>
              {t('market.form.location')} <Field.RequiredIndicator />
            </Field.Label>
            <Input value={v.location} onChange={set('location')} maxLength={L.locationMax} />
          </Field.Root>
        </SimpleGrid>

        <Field.Root>
          <Field.Label>{t('market.form.images')}</Field.Label>
          <Field.HelperText>{t('market.form.imagesHint', { max: L.maxImages })}</Field.HelperText>
          <SimpleGrid columns={{ base: 2, sm: 3, md: 5 }} gap="3" mt="2" w="full">
            {v.images.map((img, i) => (
              <Box
                key={img.src.slice(-40) + i}
                position="relative"
                borderWidth="1px"
                rounded="md"
                overflow="hidden"
                data-testid="image-preview"
              >
                <Image src={img.src} alt={img.name} h="24" w="full" objectFit="cover" />
                <CloseButton
                  size="xs"
                  position="absolute"
                  top="1"
                  insetEnd="1"
                  bg="white"
                  aria-label={t('market.form.removeImage', { name: img.name })}
                  onClick={() => setV((s) => ({ ...s, images: s.images.filter((_, j) => j !== i) }))}
                />
              </Box>
            ))}
          </SimpleGrid>
          <input
            ref={fileInput}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif"
            multiple
            hidden
            aria-label={t('market.form.addImages')}
            data-testid="image-input"
            onChange={(e) => void addImages(e.target.files)}
          />
          <Button mt="2" variant="outline" size="sm" onClick={() => fileInput.current?.click()} disabled={v.images.length >= L.maxImages}>
            <ImagePlus size={16} /> {t('market.form.addImages')}
          </Button>
        </Field.Root>

        {!editing && (
          <Stack gap="3">
            <Checkbox.Root checked={v.digital} onCheckedChange={(e) => setV((s) => ({ ...s, digital: !!e.checked }))}>
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t('market.form.digital')}</Checkbox.Label>
            </Checkbox.Root>
            {v.digital && (
              <HStack gap="3" align="end" wrap="wrap">
                <Field.Root maxW="xs">
                  <Field.Label>{t('market.form.file')}</Field.Label>
                  <Input
                    type="file"
                    p="1"
                    accept={FILE_FORMATS.map((f) => '.' + f).join(',')}
                    onChange={(e) => void addFile(e.target.files)}
                  />
                </Field.Root>
                <Field.Root maxW="40">
                  <Field.Label>{t('market.form.fileFormat')}</Field.Label>
                  <NativeSelect.Root>
                    <NativeSelect.Field value={v.fileFormat} onChange={set('fileFormat')}>
                      {FILE_FORMATS.map((f) => (
                        <option key={f} value={f}>
                          {f.toUpperCase()}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field.Root>
              </HStack>
            )}
          </Stack>
        )}

        {error && (
          <Text color="red.600" role="alert">
            {error}
          </Text>
        )}
        <Button type="submit" colorPalette="teal" loading={busy} alignSelf="start">
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
