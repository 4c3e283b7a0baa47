import { useState } from 'react';
import { Box, Button, Checkbox, Field, Fieldset, Heading, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { addressFormValues, NATIONAL_ADDRESS_FORM_FIELDS, toGraphqlAddress } from '@shared/national-address';
import { companyInvoiceSchema, hasCompanyInvoiceDetails, LIMITS } from '@shared/rules';
import { SaveInvoiceCompanyMutation } from './operations';
import { useAuth } from '../../lib/auth';
import type { StoredUser } from '../../lib/session';
import { notify } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/errors';
import { fieldError, placeServerError, useZodForm } from '../../lib/forms';

const FIELDS = ['company_name', 'vat_number', 'cr_number', ...NATIONAL_ADDRESS_FORM_FIELDS] as const;
type FieldName = Exclude<(typeof FIELDS)[number], 'national_address'>;

function initialForm(user: StoredUser | null) {
  return {
    company_name: user?.companyName ?? '',
    vat_number: user?.vatNumber ?? '',
    cr_number: user?.crNumber ?? '',
    national_address: addressFormValues(user?.nationalAddress),
  };
}

/**
 * "Invoice to my company" on the checkouts. A standard (B2B) tax invoice names the company, its VAT number,
 * commercial registration and national address; they live in the profile and are frozen into the invoice when the
 * payment settles. When the profile holds them all the checkout says whom the invoice goes to (with a way to
 * change it); otherwise ticking the box asks for what is missing, checked at each field by the shared rules, and
 * saves it to the profile before the customer pays.
 */
export function CompanyInvoice() {
  const { t } = useTranslation();
  const { user, updateUser } = useAuth();
  const complete = !!user && hasCompanyInvoiceDetails(user);
  const [open, setOpen] = useState(false);
  const form = useZodForm(companyInvoiceSchema, { defaultValues: initialForm(user) });
  const { errors } = form.formState;
  const [save, { loading }] = useMutation(SaveInvoiceCompanyMutation);
  if (!user) return null;

  async function onSubmit(v: z.output<typeof companyInvoiceSchema>) {
    try {
      const { data } = await save({
        variables: {
          input: {
            // The profile mutation replaces name and phone as sent: they are sent back as they are.
            fullName: user!.fullName,
            phone: user!.phone ?? null,
            companyName: v.company_name,
            vatNumber: v.vat_number,
            crNumber: v.cr_number,
            nationalAddress: toGraphqlAddress(v.national_address),
          },
        },
      });
      if (data) {
        updateUser(data.updateProfile);
        form.reset(initialForm(data.updateProfile));
      }
      setOpen(false);
      notify.success(t('invoice.companySaved'));
    } catch (err) {
      if (!placeServerError(err, form.setError, FIELDS)) notify.error(errorMessage(err, t('invoice.companySaveFailed')));
    }
  }

  const text = (key: FieldName, label: string, opts: { maxLength?: number; ltr?: boolean; numeric?: boolean; help?: string } = {}) => {
    const problem = fieldError(errors, key);
    const required = key !== 'national_address.additional_number';
    return (
      <Field.Root required={required} invalid={!!problem}>
        <Field.Label>
          {label} {required && <Field.RequiredIndicator />}
        </Field.Label>
        <Input
          {...form.register(key)}
          maxLength={opts.maxLength}
          dir={opts.ltr ? 'ltr' : undefined}
          inputMode={opts.numeric ? 'numeric' : undefined}
        />
        {opts.help && !problem && <Field.HelperText>{opts.help}</Field.HelperText>}
        <Field.ErrorText>{problem}</Field.ErrorText>
      </Field.Root>
    );
  };

  const a = user.nationalAddress;
  return (
    <Box borderWidth="1px" borderRadius="md" p="4" data-testid="company-invoice">
      <Heading as="h2" size="md" mb="2">
        {t('invoice.companyTitle')}
      </Heading>
      {complete && !open ? (
        <Stack gap="1" data-testid="company-invoice-summary">
          <Text>{t('invoice.companyIssuedTo')}</Text>
          <Text fontWeight="semibold">{user.companyName}</Text>
          <Text fontSize="sm">
            {t('invoice.buyerVat')}: <bdi>{user.vatNumber}</bdi> · {t('invoice.buyerCr')}: <bdi>{user.crNumber}</bdi>
          </Text>
          {a && (
            <Text fontSize="sm">
              {a.buildingNumber} {a.street}, {a.district}, {a.city} {a.postalCode}
            </Text>
          )}
          <Text fontSize="sm" color="gray.600">
            {t('invoice.companyPersonalHint')}
          </Text>
          <HStack>
            <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
              {t('invoice.companyChange')}
            </Button>
          </HStack>
        </Stack>
      ) : (
        <Stack gap="3">
          {!complete && (
            <Checkbox.Root checked={open} onCheckedChange={(e) => setOpen(!!e.checked)}>
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t('invoice.companyToggle')}</Checkbox.Label>
            </Checkbox.Root>
          )}
          <Text fontSize="sm" color="gray.600">
            {t('invoice.companyText')}
          </Text>
          {open && (
            <form onSubmit={form.handleSubmit(onSubmit)} noValidate aria-label={t('invoice.companyFormLabel')}>
              <Stack gap="4">
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                  {text('company_name', t('common.companyName'), { maxLength: LIMITS.companyMax })}
                  {text('vat_number', t('profile.vatNumber'), { maxLength: 20, ltr: true, numeric: true, help: t('profile.vatHelp') })}
                  {text('cr_number', t('profile.crNumber'), { maxLength: 14, ltr: true, numeric: true, help: t('profile.crHelp') })}
                </SimpleGrid>
                <Fieldset.Root>
                  <Fieldset.Legend asChild>
                    <Heading as="h3" size="sm">
                      {t('profile.addressTitle')}
                    </Heading>
                  </Fieldset.Legend>
                  <Fieldset.Content>
                    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                      {text('national_address.building_number', t('profile.buildingNumber'), { maxLength: 8, ltr: true, numeric: true })}
                      {text('national_address.street', t('profile.street'), { maxLength: LIMITS.addressTextMax })}
                      {text('national_address.district', t('profile.district'), { maxLength: LIMITS.addressTextMax })}
                      {text('national_address.city', t('profile.city'), { maxLength: LIMITS.addressTextMax })}
                      {text('national_address.postal_code', t('profile.postalCode'), { maxLength: 8, ltr: true, numeric: true })}
                      {text('national_address.additional_number', t('profile.additionalNumber'), {
                        maxLength: 8,
                        ltr: true,
                        numeric: true,
                      })}
                    </SimpleGrid>
                  </Fieldset.Content>
                </Fieldset.Root>
                <HStack>
                  <Button type="submit" colorPalette="teal" loading={loading} loadingText={t('common.saving')}>
                    {t('invoice.companySave')}
                  </Button>
                  {complete && (
                    <Button variant="ghost" onClick={() => setOpen(false)}>
                      {t('common.cancel')}
                    </Button>
                  )}
                </HStack>
              </Stack>
            </form>
          )}
        </Stack>
      )}
    </Box>
  );
}
