import { useState, type FormEvent } from 'react';
import { Button, Field, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { CATEGORIES } from '@shared/marketplace.rules';
import { marketplaceSettingsSchema } from '@shared/payouts.rules';
import { MarketplaceSettingsQuery, UpdateMarketplaceSettingsMutation } from './operations';
import { notify } from '../../components/ui/toaster';
import { errorMessage, translateServerMessage } from '../../lib/errors';

type Rate = { percent: string; fixed: string };

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

function CommissionFields({ saved }: { saved: Saved }) {
  const { t } = useTranslation();
  const [save, { loading }] = useMutation(UpdateMarketplaceSettingsMutation);
  const [base, setBase] = useState<Rate>({ percent: String(saved.commissionPercent), fixed: String(saved.commissionFixed) });
  const [byCategory, setByCategory] = useState<Record<string, Rate>>(() =>
    Object.fromEntries(
      saved.byCategory.map((c) => [c.category, { percent: String(c.commissionPercent), fixed: String(c.commissionFixed) }]),
    ),
  );
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const num = (v: string) => (v.trim() === '' ? undefined : Number(v));
    const raw = {
      commission_percent: num(base.percent),
      commission_fixed: num(base.fixed) ?? 0,
      by_category: Object.fromEntries(
        Object.entries(byCategory)
          .filter(([, r]) => r.percent.trim() !== '')
          .map(([c, r]) => [c, { commission_percent: num(r.percent), commission_fixed: num(r.fixed) ?? 0 }]),
      ),
    };
    const parsed = marketplaceSettingsSchema.safeParse(raw);
    if (!parsed.success) {
      setError(translateServerMessage(parsed.error.issues[0]?.message ?? ''));
      return;
    }
    setError(null);
    try {
      await save({
        variables: {
          input: {
            commissionPercent: parsed.data.commission_percent,
            commissionFixed: parsed.data.commission_fixed,
            byCategory: Object.entries(parsed.data.by_category).map(([category, r]) => ({
              category,
              commissionPercent: r.commission_percent,
              commissionFixed: r.commission_fixed,
            })),
          },
        },
      });
      notify.success(t('payouts.admin.saved'));
    } catch (err) {
      notify.error(errorMessage(err, t('payouts.admin.save')));
    }
  }

  const rate = (value: Rate, onChange: (r: Rate) => void, placeholder?: Rate) => (
    <>
      <Field.Root>
        <Field.Label>{t('payouts.admin.percent')}</Field.Label>
        <Input
          inputMode="decimal"
          dir="ltr"
          value={value.percent}
          placeholder={placeholder?.percent}
          onChange={(e) => onChange({ ...value, percent: e.target.value })}
        />
      </Field.Root>
      <Field.Root>
        <Field.Label>{t('payouts.admin.fixed')}</Field.Label>
        <Input
          inputMode="decimal"
          dir="ltr"
          value={value.fixed}
          placeholder={placeholder?.fixed}
          onChange={(e) => onChange({ ...value, fixed: e.target.value })}
        />
      </Field.Root>
    </>
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('payouts.admin.tab')}>
      <Stack gap="5">
        <Text color="fg.muted">{t('payouts.admin.intro')}</Text>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" alignItems="end">
          <Text fontWeight="semibold">{t('payouts.admin.useDefault')}</Text>
          {rate(base, setBase)}
          {CATEGORIES.map((c) => (
            <SimpleGrid key={c} columns={{ base: 1, md: 3 }} gap="4" gridColumn="1 / -1" alignItems="end">
              <Text fontWeight="semibold">{t(`market.categories.${c}`)}</Text>
              {rate(byCategory[c] ?? { percent: '', fixed: '' }, (r) => setByCategory({ ...byCategory, [c]: r }), base)}
            </SimpleGrid>
          ))}
        </SimpleGrid>
        {error && (
          <Text color="fg.error" role="alert">
            {error}
          </Text>
        )}
        <Button type="submit" colorPalette="teal" loading={loading} alignSelf="flex-start">
          {t('payouts.admin.save')}
        </Button>
      </Stack>
    </form>
  );
}
