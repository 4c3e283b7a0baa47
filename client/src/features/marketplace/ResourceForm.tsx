import { useRef, useState } from 'react';
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
import type { z } from 'zod';
import {
  CATEGORIES,
  FILE_FORMATS,
  MARKET_LIMITS as L,
  MARKET_MESSAGES as M,
  PERIODS,
  updateResourceSchema,
  type Category,
  type Period,
} from '@shared/marketplace.rules';
import { notify } from '../../components/ui/toaster';
import { UploadProgress } from '../../components/ui/UploadProgress';
import { categoryLabel, periodLabel } from '../../lib/labels';
import { fieldError, useZodForm } from '../../lib/forms';
import { RestError } from '../../lib/rest-error';
import { fitForUpload, uploadImage, uploadListingFile } from './image-upload';
import { marketError, translateMarketMessage } from './messages';
import { usePolicyOptions } from './CancellationPolicy';
import { FilePicker } from '../../components/ui/FilePicker';
import type { CancellationPolicy } from '@shared/refunds.rules';

export interface ResourceFormValues {
  title: string;
  description: string;
  category: string;
  period: Period;
  price: string;
  location: string;
  /** URLs of the listing's pictures: uploaded ones and kept ones (`progress` while one is still going up). */
  images: Array<{ src: string; name: string; progress?: number }>;
  digital: boolean;
  /**
   * The digital listing's file: `ref` names its upload once it is up (`upload:<key>`); `progress` while it goes up.
   * The chosen file is kept (`source`) so that choosing another format sends it again, checked as that format.
   */
  file: { name: string; ref: string | null; progress?: number; source?: File } | null;
  fileFormat: string;
  /** none (no refunds), flexible, moderate or strict. */
  cancellationPolicy: CancellationPolicy;
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
  cancellationPolicy: 'none',
};

/** The listing as the rules name it (spec section 3 "Resource creation payload"; `sendListing` renames it for REST). */
export function toPayload(v: ResourceFormValues) {
  return {
    title: v.title,
    description: v.description,
    category: v.category,
    period: v.period,
    price: Number(v.price),
    location: v.location,
    images: v.images.map((i) => i.src),
    cancellationPolicy: v.cancellationPolicy,
    ...(v.digital && v.file ? { resourceType: 'digital', file: v.file.ref, fileName: v.file.name, fileFormat: v.fileFormat } : {}),
  };
}

/** The listing's text fields, checked by the server's own rules as the host leaves each one and on submit. */
const listingSchema = updateResourceSchema.pick({
  title: true,
  description: true,
  category: true,
  period: true,
  price: true,
  location: true,
  cancellationPolicy: true,
});
const FIELDS = ['title', 'description', 'category', 'period', 'price', 'location', 'cancellationPolicy'] as const;
type Field = (typeof FIELDS)[number];

/**
 * Listing form (spec sections 2 and 5): counters, image previews with removal, the spec's messages. Each field's
 * problem stands under it in the page's language (issue #26); pictures and the digital file are checked at theirs.
 */
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
  const form = useZodForm(listingSchema, {
    defaultValues: {
      title: initial.title,
      description: initial.description,
      category: initial.category as Category,
      period: initial.period,
      price: initial.price,
      location: initial.location,
      cancellationPolicy: initial.cancellationPolicy,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const [images, setImages] = useState(initial.images);
  const [digital, setDigital] = useState(initial.digital);
  const [file, setFile] = useState(initial.file);
  const [fileFormat, setFileFormat] = useState(initial.fileFormat);
  // Problems of the parts the rules above do not hold (pictures, the file) and of the whole form.
  const [imagesError, setImagesError] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const fileUpload = useRef<AbortController | null>(null);
  const policies = usePolicyOptions();
  const problem = (name: Field) => fieldError(errors, name, translateMarketMessage);
  const title = form.watch('title') ?? '';
  const description = form.watch('description') ?? '';

  /**
   * Each picture goes up on its own as soon as it is chosen or dropped (its preview shows the share sent); a phone
   * photo over 5 MB is scaled down first. The form is saved with the uploaded pictures' URLs.
   */
  function addImages(files: FileList | null) {
    if (!files?.length) return;
    const list = Array.from(files).filter((f) => f.type.startsWith('image/'));
    setImagesError(images.length + list.length > L.maxImages ? translateMarketMessage(M.maxImages) : null);
    const room = Math.max(0, L.maxImages - images.length);
    const chosen = list.slice(0, room).map((f) => ({ f, src: URL.createObjectURL(f) }));
    setImages((s) => [...s, ...chosen.map(({ f, src }) => ({ src, name: f.name, progress: 0 }))].slice(0, L.maxImages));
    if (fileInput.current) fileInput.current.value = '';
    const update = (src: string, next: { src: string; name: string; progress?: number } | null) =>
      setImages((s) => s.flatMap((img) => (img.src !== src ? [img] : next ? [next] : [])));
    for (const { f, src } of chosen)
      void (async () => {
        try {
          const picture = await fitForUpload(f);
          if (!picture) throw new Error(t('market.form.imageTooLarge', { file: f.name }));
          const url = await uploadImage(picture, (sent) => update(src, { src, name: f.name, progress: sent }));
          update(src, { src: url, name: f.name });
        } catch (err) {
          update(src, null);
          // The server's refusal of one upload names no file (it never sees the name): the form names it.
          const refused = err instanceof RestError && err.status === 400 && err.field === 'images';
          setImagesError(
            refused
              ? t('market.form.imageRefused', { file: f.name })
              : err instanceof RestError
                ? marketError(err, failMessage)
                : err instanceof Error
                  ? err.message
                  : failMessage,
          );
        } finally {
          URL.revokeObjectURL(src);
        }
      })();
  }
  const uploading = images.some((img) => img.progress !== undefined) || file?.progress !== undefined;

  /**
   * The digital file goes up as soon as it is chosen (a progress bar under it), checked by the server as the format
   * its name says (or the one chosen); choosing another format sends it again. An earlier upload still going is cut.
   */
  async function sendFile(f: File, format: string) {
    fileUpload.current?.abort();
    const abort = (fileUpload.current = new AbortController());
    setFileError(null);
    setFile({ name: f.name, ref: null, progress: 0, source: f });
    try {
      const ref = await uploadListingFile(
        f,
        format,
        (sent) => setFile({ name: f.name, ref: null, progress: sent, source: f }),
        abort.signal,
      );
      setFile({ name: f.name, ref, source: f });
    } catch (err) {
      if (abort.signal.aborted) return;
      setFile(null);
      setFileError(err instanceof RestError ? marketError(err, failMessage) : failMessage);
    }
  }

  function addFile(files: FileList | null) {
    const f = files?.[0];
    if (!f) return;
    if (f.size > L.fileMaxBytes) return setFileError(translateMarketMessage(M.fileTooLarge));
    const ext = f.name.split('.').pop()?.toLowerCase() ?? '';
    const format = (FILE_FORMATS as readonly string[]).includes(ext) ? ext : fileFormat;
    setFileFormat(format);
    void sendFile(f, format);
  }

  /** The checks outside the rules' fields; true when they pass. Run on every submit, so all problems show at once. */
  function checkParts(): boolean {
    const fileMissing = !editing && digital && !file?.ref && file?.progress === undefined;
    setFileError(fileMissing ? translateMarketMessage(M.fileRequired) : null);
    if (images.length > L.maxImages) setImagesError(translateMarketMessage(M.maxImages));
    return !fileMissing && images.length <= L.maxImages;
  }

  async function submit(v: z.output<typeof listingSchema>) {
    setError(null);
    if (!checkParts() || uploading) return;
    try {
      await onSubmit({
        title: v.title,
        description: v.description,
        category: v.category,
        period: v.period,
        price: String(v.price),
        location: v.location,
        images: images.map(({ src, name }) => ({ src, name })),
        digital,
        file,
        fileFormat,
        cancellationPolicy: v.cancellationPolicy ?? 'none',
      });
    } catch (err) {
      const msg = marketError(err, failMessage);
      // A refusal naming a field (the server's rule path) lands there; anything else is the whole form's.
      const field = err instanceof RestError ? err.field : undefined;
      if (field && (FIELDS as readonly string[]).includes(field))
        form.setError(field as Field, { type: 'server', message: err instanceof RestError ? err.message : msg }, { shouldFocus: true });
      else if (field?.startsWith('images')) setImagesError(msg);
      else if (field === 'file' || field === 'fileFormat') setFileError(msg);
      else {
        setError(msg);
        notify.error(msg);
      }
    }
  }

  return (
    <form
      onSubmit={(e) => {
        setError(null);
        void form.handleSubmit(submit, () => checkParts())(e);
      }}
      noValidate
      aria-label={editing ? t('market.form.editTitle') : t('market.form.listTitle')}
    >
      <Stack gap="5">
        <Field.Root required invalid={!!errors.title}>
          <Field.Label>
            {t('market.form.title')} <Field.RequiredIndicator />
          </Field.Label>
          <Input {...form.register('title')} maxLength={L.titleMax} />
          <Field.HelperText>{t('market.form.counter', { count: title.length, max: L.titleMax })}</Field.HelperText>
          <Field.ErrorText>{problem('title')}</Field.ErrorText>
        </Field.Root>
        <Field.Root required invalid={!!errors.description}>
          <Field.Label>
            {t('market.form.description')} <Field.RequiredIndicator />
          </Field.Label>
          <Textarea {...form.register('description')} maxLength={L.descriptionMax} rows={5} />
          <Field.HelperText data-testid="description-counter">
            {t('market.form.counter', { count: description.length, max: L.descriptionMax })}
          </Field.HelperText>
          <Field.ErrorText>{problem('description')}</Field.ErrorText>
        </Field.Root>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Field.Root required invalid={!!errors.category}>
            <Field.Label>{t('market.form.category')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field {...form.register('category')}>
                {CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {categoryLabel(t, c)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.ErrorText>{problem('category')}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!errors.cancellationPolicy}>
            <Field.Label>{t('market.policy.label')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field {...form.register('cancellationPolicy')} data-testid="policy-select">
                {policies.map((p) => (
                  <option key={p.value} value={p.value}>
                    {p.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.HelperText>{t('market.policy.hint')}</Field.HelperText>
            <Field.ErrorText>{problem('cancellationPolicy')}</Field.ErrorText>
          </Field.Root>
          <Field.Root required invalid={!!errors.period}>
            <Field.Label>{t('market.form.period')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field {...form.register('period')}>
                {PERIODS.map((p) => (
                  <option key={p} value={p}>
                    {periodLabel(t, p)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.ErrorText>{problem('period')}</Field.ErrorText>
          </Field.Root>
          <Field.Root required invalid={!!errors.price}>
            <Field.Label>
              {t('market.form.price')} <Field.RequiredIndicator />
            </Field.Label>
            <Input type="number" inputMode="decimal" min="0.01" step="0.01" {...form.register('price')} dir="ltr" />
            <Field.HelperText>{t('market.form.priceHint')}</Field.HelperText>
            <Field.ErrorText>{problem('price')}</Field.ErrorText>
          </Field.Root>
          <Field.Root required invalid={!!errors.location}>
            <Field.Label>
              {t('market.form.location')} <Field.RequiredIndicator />
            </Field.Label>
            <Input {...form.register('location')} maxLength={L.locationMax} />
            <Field.ErrorText>{problem('location')}</Field.ErrorText>
          </Field.Root>
        </SimpleGrid>

        <Field.Root
          invalid={!!imagesError}
          data-testid="image-drop"
          onDragOver={(e) => e.preventDefault()}
          onDrop={(e) => {
            e.preventDefault();
            addImages(e.dataTransfer.files);
          }}
          borderWidth="1px"
          borderStyle="dashed"
          borderColor={imagesError ? 'red.500' : 'gray.300'}
          rounded="md"
          p="3"
        >
          <Field.Label>{t('market.form.images')}</Field.Label>
          <Field.HelperText>{t('market.form.imagesHint', { max: L.maxImages })}</Field.HelperText>
          <SimpleGrid columns={{ base: 2, sm: 3, md: 5 }} gap="3" mt="2" w="full">
            {images.map((img, i) => (
              <Box
                key={img.src.slice(-40) + i}
                position="relative"
                borderWidth="1px"
                rounded="md"
                overflow="hidden"
                data-testid="image-preview"
              >
                <Image src={img.src} alt={img.name} h="24" w="full" objectFit="cover" opacity={img.progress === undefined ? 1 : 0.6} />
                {img.progress !== undefined && (
                  <UploadProgress sent={img.progress} size="sm" label={t('market.form.uploading', { name: img.name })} />
                )}
                <CloseButton
                  size="xs"
                  position="absolute"
                  top="1"
                  insetEnd="1"
                  bg="white"
                  aria-label={t('market.form.removeImage', { name: img.name })}
                  onClick={() => {
                    setImages((s) => s.filter((_, j) => j !== i));
                    setImagesError(null);
                  }}
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
            onChange={(e) => addImages(e.target.files)}
          />
          <Button mt="2" variant="outline" size="sm" onClick={() => fileInput.current?.click()} disabled={images.length >= L.maxImages}>
            <ImagePlus size={16} /> {t('market.form.addImages')}
          </Button>
          <Text fontSize="sm" color="gray.600">
            {t('market.form.dropImages')}
          </Text>
          <Field.ErrorText>{imagesError}</Field.ErrorText>
        </Field.Root>

        {!editing && (
          <Stack gap="3">
            <Checkbox.Root
              checked={digital}
              onCheckedChange={(e) => {
                setDigital(!!e.checked);
                setFileError(null);
              }}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t('market.form.digital')}</Checkbox.Label>
            </Checkbox.Root>
            {digital && (
              <HStack gap="3" align="start" wrap="wrap">
                <Field.Root maxW="xs" invalid={!!fileError}>
                  <Field.Label>{t('market.form.file')}</Field.Label>
                  <FilePicker accept={FILE_FORMATS.map((f) => '.' + f).join(',')} fileName={file?.name} onFiles={addFile} />
                  {file?.progress !== undefined && (
                    <UploadProgress sent={file.progress} label={t('market.form.uploading', { name: file.name })} />
                  )}
                  <Field.ErrorText>{fileError}</Field.ErrorText>
                </Field.Root>
                <Field.Root maxW="40">
                  <Field.Label>{t('market.form.fileFormat')}</Field.Label>
                  <NativeSelect.Root>
                    <NativeSelect.Field
                      value={fileFormat}
                      onChange={(e) => {
                        setFileFormat(e.target.value);
                        if (file?.source) void sendFile(file.source, e.target.value);
                      }}
                    >
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
        <Button type="submit" colorPalette="teal" loading={isSubmitting} disabled={uploading} alignSelf="start">
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
