import { Button, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CATEGORIES } from '@shared/marketplace.rules';
import { marketplaceSettingsSchema } from '@shared/payouts.rules';
import { MarketplaceSettingsQuery, UpdateMarketplaceSettingsMutation } from './operations';
import { notify } from '../../components/ui/toaster';
import { FormField } from '../../components/ui/FormField';
import { errorMessage } from '../../lib/errors';
import { fieldError, placeServerError, useZodForm } from '../../lib/forms';

/** Admin › Settings › Commission: the default rate and fee, and an optional rate per category (empty: the default). */
export function CommissionSettingsForm() {
  const { data } = useQuery(MarketplaceSettingsQuery, { fetchPolicy: 'network-only' });
  const s = data?.marketplaceSettings;
  return s ? <CommissionFields saved={s} /> : null;
}

type Saved = {
  commissionPercent: number;
  commissionFixed: number;
  byCategory: Array<{ category: string; commissionPercent: number; commissionFixed: number }>;
};

/** A field's number; an empty one is left out, and the rule says a required one is missing (`percentInvalid`). */
const num = (v: string) => (v.trim() === '' ? undefined : Number(v)) as number;
const rateText = z.object({ commission_percent: z.string(), commission_fixed: z.string() });
/**
 * The fields are text (an empty category rate means "the default"); the form turns them into the server's input and
 * checks that with the server's own rule, so each problem keeps its path (`by_category.office.commission_percent`)
 * and shows at its field.
 */
const commissionForm = z
  .object({ commission_percent: z.string(), commission_fixed: z.string(), by_category: z.record(z.string(), rateText) })
  .transform((v): z.input<typeof marketplaceSettingsSchema> => ({
    commission_percent: num(v.commission_percent),
    commission_fixed: num(v.commission_fixed),
    by_category: Object.fromEntries(
      Object.entries(v.by_category)
        .filter(([, r]) => r.commission_percent.trim() !== '')
        .map(([c, r]) => [c, { commission_percent: num(r.commission_percent), commission_fixed: num(r.commission_fixed) }]),
    ),
  }))
  .pipe(marketplaceSettingsSchema);
type Rate = 'commission_percent' | 'commission_fixed';
type Name = Rate | `by_category.${string}.${Rate}`;

function CommissionFields({ saved }: { saved: Saved }) {
  const { t } = useTranslation();
  const [save] = useMutation(UpdateMarketplaceSettingsMutation);
  const byCategory = new Map(saved.byCategory.map((c) => [c.category, c]));
  const form = useZodForm(commissionForm, {
    defaultValues: {
      commission_percent: String(saved.commissionPercent),
      commission_fixed: String(saved.commissionFixed),
      by_category: Object.fromEntries(
        CATEGORIES.map((c) => {
          const r = byCategory.get(c);
          return [c, { commission_percent: r ? String(r.commissionPercent) : '', commission_fixed: r ? String(r.commissionFixed) : '' }];
        }),
      ),
    },
  });
  const { errors, isSubmitting } = form.formState;

  async function onSubmit(v: z.output<typeof commissionForm>) {
    try {
      await save({
        variables: {
          input: {
            commissionPercent: v.commission_percent,
            commissionFixed: v.commission_fixed,
            byCategory: Object.entries(v.by_category).map(([category, r]) => ({
              category,
              commissionPercent: r.commission_percent,
              commissionFixed: r.commission_fixed,
            })),
          },
        },
      });
      notify.success(t('payouts.admin.saved'));
    } catch (err) {
      if (!placeServerError(err, form.setError, ['commission_percent', 'commission_fixed']))
        notify.error(errorMessage(err, t('payouts.admin.save')));
    }
  }

  const field = (name: Name, label: string, placeholder?: string) => (
    <FormField label={label} error={fieldError(errors, name)}>
      <Input {...form.register(name)} inputMode="decimal" dir="ltr" placeholder={placeholder} />
    </FormField>
  );
  const base = form.watch(['commission_percent', 'commission_fixed']);

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate aria-label={t('payouts.admin.tab')}>
      <Stack gap="5">
        <Text color="fg.muted">{t('payouts.admin.intro')}</Text>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" alignItems="start">
          <Text fontWeight="semibold">{t('payouts.admin.useDefault')}</Text>
          {field('commission_percent', t('payouts.admin.percent'))}
          {field('commission_fixed', t('payouts.admin.fixed'))}
          {CATEGORIES.map((c) => (
            <SimpleGrid key={c} columns={{ base: 1, md: 3 }} gap="4" gridColumn="1 / -1" alignItems="start">
              <Text fontWeight="semibold">{t(`market.categories.${c}`)}</Text>
              {field(`by_category.${c}.commission_percent`, t('payouts.admin.percent'), base[0])}
              {field(`by_category.${c}.commission_fixed`, t('payouts.admin.fixed'), base[1])}
            </SimpleGrid>
          ))}
        </SimpleGrid>
        <Button type="submit" colorPalette="teal" loading={isSubmitting} alignSelf="flex-start">
          {t('payouts.admin.save')}
        </Button>
      </Stack>
    </form>
  );
}
