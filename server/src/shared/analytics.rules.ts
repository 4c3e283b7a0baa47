/** Analytics input rules, shared by the server (validation) and the client (period buttons). */
import { z } from 'zod';

export const ANALYTICS_PERIODS = ['week', 'month', 'quarter', 'year'] as const;
export type AnalyticsPeriodName = (typeof ANALYTICS_PERIODS)[number];

const ANALYTICS_MESSAGES = {
  invalidPeriod: 'Period must be one of week, month, quarter, year',
} as const;

export const analyticsQuerySchema = z.object({
  period: z
    .enum(ANALYTICS_PERIODS, { error: ANALYTICS_MESSAGES.invalidPeriod })
    .nullish()
    .transform((v) => v ?? 'month'),
});
