import { timeToMinutes } from '@shared/availability.rules';
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
export const dayAfter = (day: string) => new Date(midnight(shiftDay(day, 1))).toISOString();

/** Has this instant passed (a minute's grace for the time spent choosing)? */
export const startsInPast = (ms: number) => ms < Date.now() - 60_000;
