import type { FormEvent, ReactNode } from 'react';
import { Box, Button, chakra, Field, Flex, Input, InputGroup, NativeSelect } from '@chakra-ui/react';
import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * The filter row above an admin list: a labelled region holding a search box, selects and dates (each labelled, so
 * screen readers and `getByLabel` find them), with an optional "clear" at the end. The row wraps and runs from the
 * reading start, so in Arabic the search box stands on the right; the controls are native, so the keyboard works as
 * everywhere else (Tab between them, Enter sends a search, arrows choose an option).
 */
export function FilterBar({
  label,
  children,
  onClear,
  clearLabel,
}: {
  /** The region's name; "Filters" in the page's language when not given. */
  label?: string;
  children: ReactNode;
  /** With it, a last button (`clearLabel`) that empties every filter. */
  onClear?: () => void;
  clearLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <chakra.section aria-label={label ?? t('common.filters')} mb="6">
      <Flex gap="3" wrap="wrap" align="flex-end">
        {children}
        {onClear && (
          <Button size="sm" variant="ghost" onClick={onClear}>
            {clearLabel}
          </Button>
        )}
      </Flex>
    </chakra.section>
  );
}

/**
 * The search box of a filter row. With `onSubmit` it searches when the admin presses Enter or its button (one request
 * per search); without, the page reacts to `onChange` (and debounces it itself).
 */
export function FilterSearch({
  label,
  value,
  onChange,
  placeholder,
  maxLength,
  onSubmit,
  submitLabel,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  maxLength?: number;
  onSubmit?: () => void;
  /** The search button's text; the label when not given. */
  submitLabel?: string;
}) {
  // A box that searches as it is typed in is a searchbox; one sent by its button stays a text box inside the search
  // form (the landmark says what it is for), as the pages had it.
  const box = (
    <Field.Root flex="1">
      <Field.Label srOnly>{label}</Field.Label>
      <InputGroup startElement={<Search size={16} aria-hidden />}>
        <Input
          size="sm"
          type={onSubmit ? 'text' : 'search'}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={placeholder}
          maxLength={maxLength}
        />
      </InputGroup>
    </Field.Root>
  );
  if (!onSubmit)
    return (
      <Box role="search" display="flex" flex="1 1 16rem" minW="60" maxW="md">
        {box}
      </Box>
    );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <chakra.form role="search" onSubmit={submit} display="flex" gap="2" alignItems="flex-end" flex="1 1 20rem" minW="60" maxW="xl">
      {box}
      <Button size="sm" type="submit" colorPalette="teal">
        <Search size={14} aria-hidden /> {submitLabel ?? label}
      </Button>
    </chakra.form>
  );
}

/**
 * A labelled select of a filter row; `options` are [value, label] pairs, the first usually "any". `onChange` gets
 * one of the options' values, typed as they are (a GraphQL enum's union, say).
 */
export function FilterSelect<V extends string>({
  label,
  value,
  onChange,
  options,
  hideLabel = false,
}: {
  label: string;
  value: V;
  onChange: (value: V) => void;
  options: ReadonlyArray<readonly [V, string]>;
  /** For a select whose options say what it filters (the label is then read, not shown). */
  hideLabel?: boolean;
}) {
  const pick = (picked: string) => {
    const option = options.find(([v]) => v === picked);
    if (option) onChange(option[0]);
  };
  return (
    <Field.Root w="auto" minW="40">
      <Field.Label srOnly={hideLabel}>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(e) => pick(e.target.value)}>
          {options.map(([v, l]) => (
            <option key={v} value={v}>
              {l}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** A labelled day (YYYY-MM-DD) of a filter row, e.g. the start or end of a period. */
export function FilterDate({
  label,
  value,
  onChange,
  min,
  max,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  min?: string;
  max?: string;
}) {
  return (
    <Field.Root w="auto">
      <Field.Label>{label}</Field.Label>
      <Input size="sm" type="date" value={value} min={min || undefined} max={max || undefined} onChange={(e) => onChange(e.target.value)} />
    </Field.Root>
  );
}
