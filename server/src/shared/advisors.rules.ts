/**
 * Advisors and their calendars (issue #22): an admin gives a user an advisor profile (display name, the services they
 * cover, languages), a weekly availability in Riyadh time and days off; customers book the free hours. The server
 * parses with these schemas and computes free slots with `freeSlots`; the client imports the same module.
 */
import { z } from 'zod';
import { todayInRiyadh } from './public.rules.js';
import { noBidiControls } from './bidi.js';
import { isCalendarDay } from './dates.js';

/** Every meeting with an advisor lasts one slot; the free times start at each interval's start, one slot apart. */
export const SLOT_MINUTES = 60;
/** The most days one request for free slots covers. */
const SLOTS_MAX_DAYS = 31;
/** The days shown when the request names none. */
const SLOTS_DEFAULT_DAYS = 14;

export const ADVISOR_MESSAGES = {
  notFound: 'Advisor not found',
  userRequired: 'Please enter the email of the advisor’s account',
  userNotFound: 'No active account has this email',
  alreadyAdvisor: 'This account already has an advisor profile',
  nameRequired: 'Please enter the advisor’s display name',
  nameTooLong: 'The display name must be at most 100 characters',
  servicesRequired: 'Please choose at least one service',
  unknownService: 'One of the services does not exist',
  invalidLanguage: 'Please choose the advisor’s languages (for example en, ar)',
  invalidHours: 'Each working interval needs a weekday (0 = Sunday … 6 = Saturday) and a start before its end (HH:MM)',
  overlappingHours: 'Two working intervals of the same day overlap',
  invalidDayOff: 'Please enter days off as valid dates (YYYY-MM-DD)',
  invalidRange: 'Please choose a valid date range (YYYY-MM-DD, at most 31 days)',
  chooseSlot: 'Please choose one of the free times',
  outsideHours: 'The advisor is not available at this time. Please choose one of the free times.',
  slotPast: 'This time has already passed. Please choose one of the free times.',
  slotTaken: 'This time has just been booked by someone else. Please choose another free time.',
  advisorTaken: 'The advisor already has a meeting at this time',
  advisorNotCovering: 'This advisor does not cover this service',
  advisorNeedsTime: 'Please set the meeting time before assigning an advisor',
  advisorInactive: 'This advisor is not taking bookings',
} as const;
const M = ADVISOR_MESSAGES;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const ymd = z.string({ error: ADVISOR_MESSAGES.invalidDayOff }).refine(isCalendarDay, ADVISOR_MESSAGES.invalidDayOff);

/** One working interval of a weekday, Riyadh time: weekday 0 = Sunday … 6 = Saturday; "to" may be 24:00. */
export type WorkingInterval = { weekday: number; from: string; to: string };

const intervalSchema = z
  .object(
    {
      weekday: z.number({ error: M.invalidHours }).int(M.invalidHours).min(0, M.invalidHours).max(6, M.invalidHours),
      from: z.string({ error: M.invalidHours }).regex(TIME, M.invalidHours),
      to: z.string({ error: M.invalidHours }).regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, M.invalidHours),
    },
    { error: M.invalidHours },
  )
  .refine((i) => minutes(i.from) < minutes(i.to), M.invalidHours);

const weeklyHoursSchema = z
  .array(intervalSchema, { error: M.invalidHours })
  .max(70, M.invalidHours)
  .superRefine((list, ctx) => {
    for (let d = 0; d < 7; d++) {
      const day = list.filter((i) => i.weekday === d).sort((a, b) => minutes(a.from) - minutes(b.from));
      for (let k = 1; k < day.length; k++)
        if (minutes(day[k].from) < minutes(day[k - 1].to)) ctx.addIssue({ code: 'custom', message: M.overlappingHours });
    }
  });

const advisorFields = {
  displayName: z
    .string({ error: M.nameRequired })
    .trim()
    .min(1, M.nameRequired)
    .max(100, M.nameTooLong)
    .refine(noBidiControls, M.nameRequired),
  serviceIds: z
    .array(z.string().trim().min(1).max(100), { error: M.servicesRequired })
    .min(1, M.servicesRequired)
    .max(50, M.servicesRequired)
    .transform((l) => [...new Set(l)]),
  languages: z
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        .regex(/^[a-z]{2}$/, M.invalidLanguage),
      { error: M.invalidLanguage },
    )
    .min(1, M.invalidLanguage)
    .max(10, M.invalidLanguage)
    .transform((l) => [...new Set(l)]),
  weeklyHours: weeklyHoursSchema,
  daysOff: z
    .array(ymd, { error: M.invalidDayOff })
    .max(400, M.invalidDayOff)
    .transform((l) => [...new Set(l)].sort()),
  active: z.boolean({ error: 'Please say whether the advisor takes bookings' }),
};

/**
 * Creating an advisor (GraphQL `createAdvisor`; POST /api/advisors names the fields in snake_case): the account (by
 * email) and the whole profile; hours and days off default to none.
 */
export const createAdvisorSchema = z.object({
  userEmail: z.string({ error: M.userRequired }).trim().toLowerCase().min(1, M.userRequired).max(320, M.userNotFound),
  displayName: advisorFields.displayName,
  serviceIds: advisorFields.serviceIds,
  languages: advisorFields.languages,
  weeklyHours: weeklyHoursSchema.default([]),
  daysOff: advisorFields.daysOff.default([]),
  active: advisorFields.active.default(true),
});

/** Changing an advisor (`updateAdvisor`, PUT /api/advisors/{id}): any of the profile's fields; those left out stay. */
export const updateAdvisorSchema = z.object({
  displayName: advisorFields.displayName.optional(),
  serviceIds: advisorFields.serviceIds.optional(),
  languages: advisorFields.languages.optional(),
  weeklyHours: weeklyHoursSchema.optional(),
  daysOff: advisorFields.daysOff.optional(),
  active: advisorFields.active.optional(),
});

const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/**
 * GET /api/services/{id}/slots?from=&to=: Riyadh calendar days, both included; `from` defaults to today and is never
 * before it, `to` to two weeks on; at most 31 days.
 */
export function parseSlotRange(raw: { from?: unknown; to?: unknown }, now = new Date()): { from: string; to: string } | null {
  const today = todayInRiyadh(now);
  const given = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
  const f = given(raw.from) ?? today;
  if (!ymd.safeParse(f).success) return null;
  const from = f < today ? today : f;
  const t = given(raw.to) ?? addDays(from, SLOTS_DEFAULT_DAYS - 1);
  if (!ymd.safeParse(t).success || t < f) return null;
  if (t < from) return { from, to: from };
  return t > addDays(from, SLOTS_MAX_DAYS - 1) ? null : { from, to: t };
}

/** The instant of a Riyadh wall-clock time (UTC+3 all year). */
export const riyadhInstant = (day: string, hhmm: string) =>
  new Date(hhmm === '24:00' ? `${addDays(day, 1)}T00:00:00+03:00` : `${day}T${hhmm}:00+03:00`);

type Calendar = { id: string; weeklyHours: WorkingInterval[]; daysOff: string[] };

/** The Riyadh day and time of an instant. */
const riyadhParts = (at: Date) => {
  const iso = new Date(at.getTime() + 3 * 3_600_000).toISOString();
  return { day: iso.slice(0, 10), time: iso.slice(11, 16) };
};

/**
 * Whether the advisor works through [start, start + one slot): inside one interval of that weekday, not a day off.
 * `onGrid` (what customers book): the start must also be one of the offered slot starts.
 */
export function withinHours(a: Calendar, start: Date, onGrid: boolean): boolean {
  const { day, time } = riyadhParts(start);
  if (a.daysOff.includes(day)) return false;
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  const s = minutes(time) + start.getUTCSeconds() / 60;
  return a.weeklyHours.some((i) => {
    if (i.weekday !== weekday) return false;
    const from = minutes(i.from);
    const to = i.to === '24:00' ? 1440 : minutes(i.to);
    return s >= from && s + SLOT_MINUTES <= to && (!onGrid || (s - from) % SLOT_MINUTES === 0);
  });
}

type FreeSlot = { start: string; time: string; advisorIds: string[] };
export type FreeDay = { date: string; slots: FreeSlot[] };

/**
 * The free slots of `advisors` over the days `from`..`to`: each weekday's intervals cut into slots from their start,
 * minus days off, minus the times their open bookings hold (`taken`), minus what has started already. A time several
 * advisors have free lists them all (the booking takes the first still free). Days without a free slot are left out.
 */
export function freeSlots(
  advisors: Calendar[],
  taken: Array<{ advisorId: string; start: Date; end: Date }>,
  range: { from: string; to: string },
  now = new Date(),
): FreeDay[] {
  const days: FreeDay[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    const byTime = new Map<string, FreeSlot>();
    for (const a of advisors) {
      if (a.daysOff.includes(day)) continue;
      for (const i of a.weeklyHours) {
        if (i.weekday !== weekday) continue;
        const end = i.to === '24:00' ? 1440 : minutes(i.to);
        for (let m = minutes(i.from); m + SLOT_MINUTES <= end; m += SLOT_MINUTES) {
          const time = `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
          const start = riyadhInstant(day, time);
          if (start.getTime() <= now.getTime()) continue;
          const stop = start.getTime() + SLOT_MINUTES * 60_000;
          if (taken.some((t) => t.advisorId === a.id && t.start.getTime() < stop && t.end.getTime() > start.getTime())) continue;
          const slot = byTime.get(time) ?? { start: start.toISOString(), time, advisorIds: [] };
          if (!slot.advisorIds.includes(a.id)) slot.advisorIds.push(a.id);
          byTime.set(time, slot);
        }
      }
    }
    if (byTime.size) days.push({ date: day, slots: [...byTime.values()].sort((x, y) => x.time.localeCompare(y.time)) });
  }
  return days;
}
