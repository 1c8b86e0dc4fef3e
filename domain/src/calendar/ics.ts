/**
 * iCalendar (RFC 5545) text, written here rather than with a package: the status mail's attachment and
 * the calendar feed need only VEVENTs with a start, an end and a few texts, and a pure function keeps the
 * output byte-stable for a given input (no generated UIDs or stamps). See docs/decisions.md.
 */
export interface CalendarEvent {
  /** Stable across renderings, so that a calendar app updates the event instead of adding a copy. */
  uid: string;
  startsAt: string;
  endsAt: string;
  summary: string;
  description?: string;
  location?: string;
  url?: string;
  /** When this version of the event was recorded (DTSTAMP); a later stamp with a higher SEQUENCE replaces an earlier one. */
  stampedAt: string;
  sequence?: number;
  status?: 'CONFIRMED' | 'CANCELLED';
}

export interface CalendarDocument {
  /** The feed's name as calendar apps show it (X-WR-CALNAME). */
  name: string;
  events: readonly CalendarEvent[];
}

const PRODUCT_ID = '-//Placement Portal//Placement Season//EN';

/** 'YYYYMMDDTHHMMSSZ' (a UTC DATE-TIME). */
export const icsDateTime = (iso: string): string =>
  new Date(iso)
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');

/** TEXT value escaping (RFC 5545 §3.3.11): backslash, semicolon, comma, and line breaks as \n. */
export const icsText = (text: string): string =>
  text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');

const encoder = new TextEncoder();

/** Folds a content line at 75 octets (§3.1), never inside a UTF-8 character; continuation lines start with a space. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

function eventLines(event: CalendarEvent): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${icsText(event.uid)}`,
    `DTSTAMP:${icsDateTime(event.stampedAt)}`,
    `DTSTART:${icsDateTime(event.startsAt)}`,
    `DTEND:${icsDateTime(event.endsAt)}`,
    `SEQUENCE:${event.sequence ?? 0}`,
    `STATUS:${event.status ?? 'CONFIRMED'}`,
    `SUMMARY:${icsText(event.summary)}`,
    ...(event.description ? [`DESCRIPTION:${icsText(event.description)}`] : []),
    ...(event.location ? [`LOCATION:${icsText(event.location)}`] : []),
    // A URI value is not TEXT-escaped; a line break in it is impossible for an http(s) URL the schemas admit.
    ...(event.url ? [`URL:${event.url}`] : []),
    'END:VEVENT',
  ];
}

/** A complete VCALENDAR (METHOD:PUBLISH), CRLF line ends, lines folded. */
export function icsCalendar(document: CalendarDocument): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${PRODUCT_ID}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${icsText(document.name)}`,
    ...document.events.flatMap(eventLines),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
