import { useImperativeHandle, useLayoutEffect, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent, type Ref } from 'react';
import { Box, Grid, HStack, IconButton, Text, chakra } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { dateLocale, RIYADH_GREGORIAN, toInstant } from '@shared/dates';

/** Calendar days are YYYY-MM-DD strings (Riyadh dates); arithmetic on them goes through UTC, which has no DST. */
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const addMonths = (month: string, n: number) => {
  const d = new Date(Date.parse(`${month}-01T00:00:00Z`));
  d.setUTCMonth(d.getUTCMonth() + n);
  return d.toISOString().slice(0, 7);
};
const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

/** The Riyadh days any of these ranges touches (an end at midnight does not take the day it starts). */
export function takenDays(ranges: Array<{ startDate: string; endDate: string }>): Set<string> {
  const out = new Set<string>();
  for (const r of ranges) {
    const riyadh = (ms: number) => new Date(ms + 3 * 3_600_000).toISOString().slice(0, 10);
    const first = riyadh(Date.parse(r.startDate));
    const last = riyadh(Date.parse(r.endDate) - 1);
    // A year at most per range (bookings and blocks are bounded so).
    for (let d = first, n = 0; d <= last && n < 400; d = addDays(d, 1), n++) out.add(d);
  }
  return out;
}

/** The day after (n = 1) or before (n = -1) a YYYY-MM-DD day. */
export const shiftDay = addDays;

export interface DayRange {
  start: string | null;
  end: string | null;
}

/**
 * A month grid for choosing a range of days (issue #23): Chakra UI 3 has no date picker, so this is a small one
 * following the WAI-ARIA date picker grid pattern. The week starts on Sunday, as in Saudi Arabia; arrow keys move a
 * day (mirrored right to left), up and down a week, Home/End to the week's ends, Page Up/Down a month; Enter or
 * Space picks. Unavailable days cannot be picked, and a range never spans one. They stay in the keyboard's path
 * (`aria-disabled`, not `disabled`), so the arrows never get stuck and a screen reader hears them as unavailable.
 * `single`: every pick is a one-day range (an hourly listing's bookings lie within one day).
 * As a form's field (issue #26): `onBlur` when the focus leaves the calendar, `error` shown under the grid (which it
 * describes), and `ref` is the grid: focusing it focuses the day in the keyboard's path (a form's first bad field on submit).
 */
export function RangeCalendar({
  value,
  onChange,
  isUnavailable,
  min,
  label,
  testId,
  single = false,
  onBlur,
  error,
  ref,
}: {
  value: DayRange;
  /** Absent: the calendar only shows (nothing is picked). */
  onChange?: (v: DayRange) => void;
  isUnavailable: (day: string) => boolean;
  /** The first day that may be picked (today). */
  min: string;
  label: string;
  testId?: string;
  single?: boolean;
  onBlur?: () => void;
  /** The choice's problem, already in the page's language. */
  error?: string;
  ref?: Ref<HTMLDivElement>;
}) {
  const { t, i18n } = useTranslation();
  const rtl = i18n.dir(i18n.language) === 'rtl';
  const [month, setMonth] = useState((value.start ?? min).slice(0, 7));
  const [focused, setFocused] = useState(value.start ?? min);
  // After a first pick the next one ends the range.
  const [picking, setPicking] = useState(false);
  const grid = useRef<HTMLDivElement>(null);
  // The grid itself is what a form holds (a live element, as react-hook-form expects); focusing it moves the focus
  // on to the day in the keyboard's path.
  useImperativeHandle(ref, () => grid.current!, []);
  // Set by the arrow keys: the day to focus once React has drawn it (in the same task, so the next key reaches it).
  const moveFocus = useRef(false);
  useLayoutEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${focused}"]`)?.focus();
  }, [focused, month]);

  const fmt = useMemo(() => {
    const locale = dateLocale(i18n.language);
    return {
      month: new Intl.DateTimeFormat(locale, { ...RIYADH_GREGORIAN, month: 'long', year: 'numeric' }),
      day: new Intl.DateTimeFormat(locale, { ...RIYADH_GREGORIAN, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }),
      weekday: new Intl.DateTimeFormat(locale, { ...RIYADH_GREGORIAN, weekday: 'short' }),
      num: new Intl.DateTimeFormat(locale, { ...RIYADH_GREGORIAN, day: 'numeric' }),
    };
  }, [i18n.language]);

  const first = `${month}-01`;
  const gridStart = addDays(first, -weekdayOf(first));
  const days = Array.from({ length: 42 }, (_, i) => addDays(gridStart, i));
  const weeks = Array.from({ length: 6 }, (_, w) => days.slice(w * 7, w * 7 + 7)).filter((w) => w.some((d) => d.startsWith(month)));
  const disabled = (d: string) => d < min || isUnavailable(d);
  const inRange = (d: string) => !!value.start && !!value.end && d >= value.start && d <= value.end;

  const focusDay = (d: string) => {
    moveFocus.current = true;
    setFocused(d);
    if (!d.startsWith(month)) setMonth(d.slice(0, 7));
  };

  const pick = (d: string) => {
    if (!onChange || disabled(d)) return;
    if (single) {
      onChange({ start: d, end: d });
      return;
    }
    if (!picking || !value.start || d < value.start) {
      onChange({ start: d, end: d });
      setPicking(true);
      return;
    }
    // A range may not jump over a day that is taken: start again from this day instead.
    for (let x = value.start; x <= d; x = addDays(x, 1))
      if (isUnavailable(x)) {
        onChange({ start: d, end: d });
        return;
      }
    onChange({ start: value.start, end: d });
    setPicking(false);
  };

  const onKey = (e: KeyboardEvent, d: string) => {
    const step = rtl ? -1 : 1;
    const moves: Record<string, () => string> = {
      ArrowRight: () => addDays(d, step),
      ArrowLeft: () => addDays(d, -step),
      ArrowDown: () => addDays(d, 7),
      ArrowUp: () => addDays(d, -7),
      Home: () => addDays(d, -weekdayOf(d)),
      End: () => addDays(d, 6 - weekdayOf(d)),
      PageDown: () => `${addMonths(d.slice(0, 7), 1)}-${d.slice(8)}`,
      PageUp: () => `${addMonths(d.slice(0, 7), -1)}-${d.slice(8)}`,
    };
    const move = moves[e.key];
    if (move) {
      e.preventDefault();
      let next = move();
      // The 31st of a shorter month: its last day.
      while (Number.isNaN(Date.parse(`${next}T00:00:00Z`)) || new Date(`${next}T00:00:00Z`).toISOString().slice(0, 10) !== next)
        next = `${next.slice(0, 8)}${String(Number(next.slice(8)) - 1).padStart(2, '0')}`;
      focusDay(next);
    }
  };

  const Prev = rtl ? ChevronRight : ChevronLeft;
  const Next = rtl ? ChevronLeft : ChevronRight;
  const focusable = days.includes(focused) && focused.startsWith(month) ? focused : first;

  const id = testId ?? 'calendar';
  const left = (e: FocusEvent<HTMLDivElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) onBlur?.();
  };

  return (
    <Box data-testid={testId} onBlur={onBlur ? left : undefined}>
      <HStack justify="space-between" mb="2">
        <IconButton
          size="sm"
          variant="ghost"
          aria-label={t('availability.calendar.previousMonth')}
          onClick={() => setMonth(addMonths(month, -1))}
        >
          <Prev />
        </IconButton>
        <Text fontWeight="semibold" aria-live="polite" id={`${id}-month`}>
          {fmt.month.format(toInstant(`${month}-15`))}
        </Text>
        <IconButton
          size="sm"
          variant="ghost"
          aria-label={t('availability.calendar.nextMonth')}
          onClick={() => setMonth(addMonths(month, 1))}
        >
          <Next />
        </IconButton>
      </HStack>
      <Box
        role="grid"
        aria-label={label}
        aria-describedby={error ? `${id}-month ${id}-error` : `${id}-month`}
        ref={grid}
        tabIndex={-1}
        onFocus={(e) => {
          if (e.target === e.currentTarget) e.currentTarget.querySelector<HTMLButtonElement>('[tabindex="0"]')?.focus();
        }}
      >
        <Grid role="row" templateColumns="repeat(7, 1fr)" gap="1" mb="1">
          {days.slice(0, 7).map((d) => (
            <Text key={d} role="columnheader" fontSize="xs" color="gray.600" textAlign="center">
              {fmt.weekday.format(toInstant(d))}
            </Text>
          ))}
        </Grid>
        {weeks.map((week) => (
          <Grid role="row" key={week[0]} templateColumns="repeat(7, 1fr)" gap="1" mb="1">
            {week.map((d) => {
              const outside = !d.startsWith(month);
              const off = disabled(d);
              const chosen = inRange(d) || d === value.start;
              const taken = isUnavailable(d);
              return (
                <Box role="gridcell" key={d} aria-selected={chosen || undefined}>
                  {outside ? null : (
                    <chakra.button
                      type="button"
                      data-day={d}
                      data-unavailable={taken || undefined}
                      aria-label={fmt.day.format(toInstant(d)) + (taken ? ` (${t('availability.calendar.unavailable')})` : '')}
                      aria-pressed={onChange ? chosen : undefined}
                      aria-disabled={off || undefined}
                      tabIndex={d === focusable ? 0 : -1}
                      onClick={() => pick(d)}
                      onKeyDown={(e) => onKey(e, d)}
                      onFocus={() => setFocused(d)}
                      w="full"
                      minH="9"
                      borderRadius="md"
                      fontSize="sm"
                      cursor={off || !onChange ? 'default' : 'pointer'}
                      bg={chosen ? 'teal.600' : taken ? 'red.50' : 'transparent'}
                      color={chosen ? 'white' : off ? 'gray.400' : 'inherit'}
                      textDecoration={taken ? 'line-through' : undefined}
                      _hover={off || chosen || !onChange ? undefined : { bg: 'teal.50' }}
                      _focusVisible={{ outline: '2px solid', outlineColor: 'teal.500', outlineOffset: '1px' }}
                    >
                      {fmt.num.format(toInstant(d))}
                    </chakra.button>
                  )}
                </Box>
              );
            })}
          </Grid>
        ))}
      </Box>
      {error && (
        <Text id={`${id}-error`} role="alert" color="red.600" fontSize="sm" mt="1">
          {error}
        </Text>
      )}
    </Box>
  );
}
