import type { TFunction } from 'i18next';
import { formatSAR } from './format';

export const categoryLabel = (t: TFunction, c: string) => t(`market.categories.${c}`, { defaultValue: c });
export const periodLabel = (t: TFunction, p: string) => t(`market.periods.${p}`, { defaultValue: p });
/** "SAR 350.00 / day" */
export const priceLabel = (t: TFunction, lng: string, price: number, period: string) =>
  t('market.pricePer', { price: formatSAR(price, lng), period: periodLabel(t, period) });
