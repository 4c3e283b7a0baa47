import { z } from 'zod';
import { AVAILABILITY_MESSAGES as AM, timeToMinutes } from '@shared/availability.rules';
import { MARKET_MESSAGES as M } from '@shared/marketplace.messages';
import { RIYADH_OFFSET_MS } from '@shared/dates';
import { shiftDay } from '../../components/ui/range-calendar';

type Range = { startDate: string; endDate: string };
export type OpeningHours = { weekday: number; opens: string; closes: string };

const MINUTE = 60_000;
/** Midnight starting a Riyadh day, as epoch milliseconds. */
const midnight = (day: string) => Date.parse(`${day}T00:00:00Z`) - RIYADH_OFFSET_MS;
const weekdayOf = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();

/**
 * When a Riyadh day of an hourly listing is open, as epoch milliseconds: the whole day when the host set no opening
 * hours, that weekday's hours otherwise, or null (closed: a weekday the host left out).
 */
function openWindow(day: string, hours: OpeningHours[]): { from: number; to: number } | null {
  const m = midnight(day);
  if (hours.length === 0) return { from: m, to: m + 1440 * MINUTE };
  const h = hours.find((x) => x.weekday === weekdayOf(day));
  return h ? { from: m + timeToMinutes(h.opens) * MINUTE, to: m + timeToMinutes(h.closes) * MINUTE } : null;
}

/**
 * Is an hourly listing's day wholly taken? Closed, or every open minute from now on is inside a booking or a block:
 * a day with a free hour left stays pickable, and the times then meet the busy hours.
 */
export function dayFullyTaken(day: string, busy: Range[], hours: OpeningHours[], now = Date.now()): boolean {
  const w = openWindow(day, hours);
  if (!w) return true;
  let free = Math.max(w.from, now);
  if (free >= w.to) return true;
  const ranges = busy
    .map((b) => ({ s: Date.parse(b.startDate), e: Date.parse(b.endDate) }))
    .filter((b) => b.s < w.to && b.e > free)
    .sort((a, b) => a.s - b.s);
  for (const b of ranges) {
    if (b.s > free) return false;
    free = Math.max(free, b.e);
    if (free >= w.to) return true;
  }
  return free >= w.to;
}

/** Does [start, end) lie within one day's opening hours (the database's `bookings_within_opening_hours` rule)? */
export function withinOpeningHours(start: number, end: number, hours: OpeningHours[]): boolean {
  if (hours.length === 0) return true;
  const day = new Date(start + RIYADH_OFFSET_MS).toISOString().slice(0, 10);
  // An interval closing at 24:00 ends at the next midnight, which belongs to this day's window.
  const w = openWindow(day, hours);
  return !!w && start >= w.from && end <= w.to;
}

/** The instant after a range of whole Riyadh days: midnight after its last day. */
const dayAfter = (day: string) => new Date(midnight(shiftDay(day, 1))).toISOString();

/** Has this instant passed (a minute's grace for the time spent choosing)? */
const startsInPast = (ms: number) => ms < Date.now() - 60_000;

/** What the booking panel's form holds: the days chosen in the calendar and, for an hourly listing, the times. */
export interface BookingChoice {
  dates: { start: string | null; end: string | null };
  startTime: string;
  endTime: string;
}

/** The instants a choice stands for: whole days end at midnight after the last day; hourly ones at the times. */
export function choiceRange(c: BookingChoice, hourly: boolean): { startDate: string; endDate: string } | null {
  const { start, end } = c.dates;
  if (!start || !end) return null;
  if (!hourly) return { startDate: new Date(`${start}T00:00:00+03:00`).toISOString(), endDate: dayAfter(end) };
  if (!c.startTime || !c.endTime) return null;
  return {
    startDate: new Date(`${start}T${c.startTime}:00+03:00`).toISOString(),
    endDate: new Date(`${end}T${c.endTime}:00+03:00`).toISOString(),
  };
}

/** A time field left empty (client-only messages: locale keys, which the panel translates). */
const CHOOSE_START_TIME = 'availability.calendar.startTimeRequired';
const CHOOSE_END_TIME = 'availability.calendar.endTimeRequired';

/**
 * The booking panel's rule: the server's checks of a new booking (marketplace and availability rules, in their
 * messages) as far as the page can tell them, each at its field: no days at the calendar (`dates`), no time at
 * that time, a start in the past or a taken, blocked or closed slot at the start (the calendar for whole days), an
 * end not after the start at the end. The server decides all the same (409).
 */
export function bookingChoiceSchema(o: { hourly: boolean; today: string; busy: Range[]; openingHours: OpeningHours[] }) {
  return z
    .object({
      dates: z.object({ start: z.string().nullable(), end: z.string().nullable() }),
      startTime: z.string(),
      endTime: z.string(),
    })
    .superRefine((c, ctx) => {
      const issue = (path: keyof BookingChoice, message: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
      if (!c.dates.start || !c.dates.end) issue('dates', M.selectDates);
      if (o.hourly && !c.startTime) issue('startTime', CHOOSE_START_TIME);
      if (o.hourly && !c.endTime) issue('endTime', CHOOSE_END_TIME);
      const r = choiceRange(c, o.hourly);
      if (!r) return;
      const s = Date.parse(r.startDate);
      const e = Date.parse(r.endDate);
      const at = o.hourly ? 'startTime' : 'dates';
      if (c.dates.start! < o.today || startsInPast(s)) issue(at, M.startInPast);
      else if (e <= s) issue(o.hourly ? 'endTime' : 'dates', M.endBeforeStart);
      else if (o.busy.some((b) => Date.parse(b.startDate) < e && s < Date.parse(b.endDate))) issue(at, M.alreadyBooked);
      else if (o.hourly && !withinOpeningHours(s, e, o.openingHours)) issue(at, AM.outsideOpeningHours);
    });
}
