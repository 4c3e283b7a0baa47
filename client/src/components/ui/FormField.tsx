import type { ReactNode } from 'react';
import { Field, Text, type FieldRootProps } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/**
 * One form field as every form draws it: the label (with the required mark, or "(optional)"), the control, then its
 * problem in the page's language or else its hint. The control is the child, registered by the caller
 * (`form.register`), so the field stays uncontrolled.
 */
export function FormField({
  label,
  required,
  optional,
  error,
  helper,
  children,
  ...root
}: {
  label: ReactNode;
  required?: boolean;
  optional?: boolean;
  /** The problem, already in the page's language (`fieldError`); the field is invalid while there is one. */
  error?: string;
  helper?: ReactNode;
  children: ReactNode;
} & Omit<FieldRootProps, 'invalid' | 'required' | 'children' | 'label'>) {
  const { t } = useTranslation();
  return (
    <Field.Root required={required} invalid={!!error} {...root}>
      <Field.Label>
        {label}
        {required && (
          <>
            {' '}
            <Field.RequiredIndicator />
          </>
        )}
        {optional && (
          <>
            {' '}
            <Text as="span" color="gray.500" fontSize="sm">
              ({t('common.optional')})
            </Text>
          </>
        )}
      </Field.Label>
      {children}
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : helper ? <Field.HelperText>{helper}</Field.HelperText> : null}
    </Field.Root>
  );
}
