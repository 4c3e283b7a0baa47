/**
 * A calendar invitation (iCalendar, RFC 5545, with the iTIP methods of RFC 5546) for one meeting. The UID stays the
 * same for every message about the meeting, so a calendar updates (SEQUENCE higher) or removes (METHOD:CANCEL) the
 * event it already has instead of adding another.
 */
export interface CalendarEvent {
  method: 'REQUEST' | 'CANCEL';
  uid: string;
  sequence: number;
  /** Required with REQUEST; a CANCEL may leave it out (RFC 5546 §3.2.5) when the meeting has no time any more. */
  start?: Date;
  end?: Date;
  summary: string;
  description: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  /** When this version was written (DTSTAMP). */
  stamp?: Date;
}

/** UTC form: 20261201T070000Z. */
const utc = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/**
 * TEXT values escape backslash, semicolon, comma and line breaks (RFC 5545 §3.3.11). Every line break (CRLF, a bare
 * LF and a bare CR alike) becomes the escape backslash-n: a raw CR is read as a line end by lenient parsers, so a
 * customer's name could otherwise end the event and start one of its own. Other control characters are not allowed
 * in TEXT and are dropped.
 */
const icsText = (s: string) =>
  s
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(/\p{Cc}/gu, (c) => (c === '\t' ? c : ''));

/** A quoted parameter value (CN) may hold neither double quotes nor control characters (RFC 5545 §3.1). */
const paramValue = (s: string) => `"${s.replace(/["\p{Cc}]/gu, '')}"`;

/** Lines longer than 75 octets are folded: CRLF and one space, never splitting a UTF-8 character (§3.1). */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const n = Buffer.byteLength(ch);
    // Continuation lines start with the space, which counts towards their 75.
    if (octets + n > 75) {
      out.push(current);
      current = ' ';
      octets = 1;
    }
    current += ch;
    octets += n;
  }
  out.push(current);
  return out.join('\r\n');
}

export function calendarInvite(e: CalendarEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'PRODID:-//Mawarid//Service bookings//EN',
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    `METHOD:${e.method}`,
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    `SEQUENCE:${e.sequence}`,
    `DTSTAMP:${utc(e.stamp ?? new Date())}`,
    ...(e.start && e.end ? [`DTSTART:${utc(e.start)}`, `DTEND:${utc(e.end)}`] : []),
    `SUMMARY:${icsText(e.summary)}`,
    `DESCRIPTION:${icsText(e.description)}`,
    `ORGANIZER;CN=${paramValue(e.organizer.name)}:mailto:${e.organizer.email}`,
    `ATTENDEE;CN=${paramValue(e.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=FALSE:mailto:${e.attendee.email}`,
    `STATUS:${e.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}

/** One booking in a listing's calendar feed. */
export interface FeedEvent {
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  /** CONFIRMED or TENTATIVE (an unpaid hold). */
  status: 'CONFIRMED' | 'TENTATIVE';
  stamp: Date;
}

/**
 * A subscribed calendar (a feed a calendar application polls, RFC 5545 without iTIP): no METHOD, one VEVENT per
 * booking, with the same escaping and folding as the invitations above. An event missing from a later poll is
 * removed by the application, so a cancelled booking is simply left out.
 */
export function calendarFeed(name: string, events: FeedEvent[]): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'PRODID:-//Mawarid//Listing calendar//EN',
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    `X-WR-CALNAME:${icsText(name)}`,
    'X-WR-TIMEZONE:Asia/Riyadh',
    ...events.flatMap((e) => [
      'BEGIN:VEVENT',
      `UID:${e.uid}`,
      `DTSTAMP:${utc(e.stamp)}`,
      `DTSTART:${utc(e.start)}`,
      `DTEND:${utc(e.end)}`,
      `SUMMARY:${icsText(e.summary)}`,
      `DESCRIPTION:${icsText(e.description)}`,
      `STATUS:${e.status}`,
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}
