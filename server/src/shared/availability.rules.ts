/**
 * A listing's availability (issue #23): days its host blocks, with a note, and for hourly listings the weekly
 * opening hours, all in Riyadh time. The client imports the same module (`@shared/availability.rules`).
 */
import { z } from 'zod';
import { DATE_YEAR_MAX, DATE_YEAR_MIN, RIYADH_OFFSET_MS } from './dates.js';

export const AVAILABILITY_LIMITS = {
  maxBlocks: 100,
  noteMax: 200,
  /** A blocked range, like a booking, spans at most a year (and the date filter the same). */
  rangeMaxDays: 366,
  yearMin: DATE_YEAR_MIN,
  yearMax: DATE_YEAR_MAX,
} as const;
const L = AVAILABILITY_LIMITS;

export const AVAILABILITY_MESSAGES = {
  invalidDay: 'Dates must be calendar days written YYYY-MM-DD',
  dayOutOfRange: 'Dates must be between the years 2000 and 2100',
  endBeforeStart: 'A range must end on or after the day it starts',
  rangeTooLong: 'A range can be at most one year long',
  tooManyBlocks: `At most ${L.maxBlocks} blocked ranges per listing`,
  noteTooLong: `A note must be at most ${L.noteMax} characters`,
  noteNotText: 'The note must be text',
  overlappingBlocks: 'Blocked ranges must not overlap',
  invalidWeekday: 'Weekday must be a number from 0 (Sunday) to 6 (Saturday)',
  invalidTime: 'Opening hours must be times written HH:MM, on the hour or half hour',
  closesBeforeOpens: 'Closing time must be after opening time',
  duplicateWeekday: 'Each weekday can have only one set of opening hours',
  hoursNotHourly: 'Opening hours apply only to listings priced by the hour',
  noCalendar: 'Digital listings have no calendar',
  bothDates: 'Give both available_from and available_to',
  blockedBookingConflict: (from: string, to: string) =>
    `These dates have a booking from ${from} to ${to}. Cancel it or choose other dates before blocking them.`,
  datesBlocked: 'The host has blocked some of these dates. Please choose other dates.',
  outsideOpeningHours: "This time is outside the listing's opening hours. Please choose another time.",
  feedNotFound: 'Calendar feed not found',
} as const;
const M = AVAILABILITY_MESSAGES;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A Riyadh calendar day, YYYY-MM-DD, that exists (2026-02-30 does not). */
const daySchema = z.string({ error: M.invalidDay }).refine(
  (v) => {
    if (!DAY.test(v)) return false;
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  },
  { message: M.invalidDay },
);
export const boundedDay = daySchema.refine((v) => {
  const y = Number(v.slice(0, 4));
  return y >= L.yearMin && y <= L.yearMax;
}, M.dayOutOfRange);

/** Days between two YYYY-MM-DD, counting both. */
const daysInRange = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** The instants a range of Riyadh days covers: midnight of the first day to midnight after the last. */
export function dayRangeInstants(from: string, to: string): { start: Date; end: Date } {
  return {
    start: new Date(Date.parse(`${from}T00:00:00Z`) - RIYADH_OFFSET_MS),
    end: new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000 - RIYADH_OFFSET_MS),
  };
}

const TIME = /^([01]\d|2[0-4]):(00|30)$/;
/** HH:MM (24:00 closes at midnight) as minutes after midnight. */
export const timeToMinutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
export const minutesToTime = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

const blockSchema = z
  .object({
    startDate: boundedDay,
    endDate: boundedDay,
    note: z
      .string({ error: M.noteNotText })
      .trim()
      .max(L.noteMax, M.noteTooLong)
      .nullish()
      .transform((v) => v || ''),
  })
  .superRefine((b, ctx) => {
    if (b.endDate < b.startDate) ctx.addIssue({ code: 'custom', message: M.endBeforeStart, path: ['endDate'] });
    else if (daysInRange(b.startDate, b.endDate) > L.rangeMaxDays)
      ctx.addIssue({ code: 'custom', message: M.rangeTooLong, path: ['endDate'] });
  });

const hoursSchema = z
  .object({
    weekday: z.number({ error: M.invalidWeekday }).int(M.invalidWeekday).min(0, M.invalidWeekday).max(6, M.invalidWeekday),
    opens: z
      .string({ error: M.invalidTime })
      .regex(TIME, M.invalidTime)
      .refine((t) => t !== '24:00', M.invalidTime),
    closes: z.string({ error: M.invalidTime }).regex(TIME, M.invalidTime),
  })
  .refine((h) => timeToMinutes(h.closes) > timeToMinutes(h.opens), { message: M.closesBeforeOpens, path: ['closes'] });

/**
 * A listing's whole calendar (GraphQL `setResourceAvailability`; PUT /api/resources/{id}/availability names the
 * fields, the blocked ranges' too, in snake_case): what is left out is removed. `openingHours` empty means open
 * around the clock; otherwise a weekday not listed is closed.
 */
export const availabilitySchema = z
  .object({
    blocked: z
      .array(blockSchema, { error: M.invalidDay })
      .max(L.maxBlocks, M.tooManyBlocks)
      .nullish()
      .transform((v) => v ?? []),
    openingHours: z
      .array(hoursSchema, { error: M.invalidWeekday })
      .max(7, M.duplicateWeekday)
      .nullish()
      .transform((v) => v ?? []),
  })
  .superRefine((a, ctx) => {
    const sorted = [...a.blocked].sort((x, y) => x.startDate.localeCompare(y.startDate));
    for (let i = 1; i < sorted.length; i++)
      if (sorted[i].startDate <= sorted[i - 1].endDate) {
        ctx.addIssue({ code: 'custom', message: M.overlappingBlocks, path: ['blocked'] });
        return;
      }
    if (new Set(a.openingHours.map((h) => h.weekday)).size !== a.openingHours.length)
      ctx.addIssue({ code: 'custom', message: M.duplicateWeekday, path: ['openingHours'] });
  });

/** The marketplace's date filter: both days or neither, the first not after the second, at most a year. */
export const availableRangeSchema = z
  .object({
    availableFrom: boundedDay.nullish(),
    availableTo: boundedDay.nullish(),
  })
  .superRefine((f, ctx) => {
    if (!f.availableFrom !== !f.availableTo) ctx.addIssue({ code: 'custom', message: M.bothDates, path: ['availableTo'] });
    else if (f.availableFrom && f.availableTo) {
      if (f.availableTo < f.availableFrom) ctx.addIssue({ code: 'custom', message: M.endBeforeStart, path: ['availableTo'] });
      else if (daysInRange(f.availableFrom, f.availableTo) > L.rangeMaxDays)
        ctx.addIssue({ code: 'custom', message: M.rangeTooLong, path: ['availableTo'] });
    }
  });
