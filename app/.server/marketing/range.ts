// The date range of a marketing report: whole UTC days, `from` to `to` inclusive; by default the last
// 30 days up to today on the app clock. A range is at most 366 days: a report is read, not mined.
import { z } from 'zod';
import type { ReportRange } from '~/shared/marketing-types';
import { now } from '../clock';

export const DEFAULT_DAYS = 30;
export const MAX_DAYS = 366;
const DAY_MS = 24 * 3600 * 1000;
// Years 1970–2999 only: PostgreSQL has no year 0, and no report reaches before the epoch (issue 43).
const Day = z.string().regex(/^(?:19[7-9]\d|2\d{3})-\d{2}-\d{2}$/).refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value));

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The range a query asks for; a missing or malformed day falls back to the default, a reversed range is swapped, a long one shortened. */
export function reportRange(query: URLSearchParams): ReportRange {
  const to = Day.safeParse(query.get('to')).data ?? isoDay(now());
  const fromDefault = isoDay(new Date(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_DAYS - 1) * DAY_MS));
  let from = Day.safeParse(query.get('from')).data ?? fromDefault;
  let last = to;
  if (from > last) [from, last] = [last, from];
  const earliest = isoDay(new Date(Date.parse(`${last}T00:00:00Z`) - (MAX_DAYS - 1) * DAY_MS));
  if (from < earliest) from = earliest;
  return { from, to: last };
}

/** The range fields of a query that are given but are no day (YYYY-MM-DD, 1970–2999): an API refuses them (issue 43), a page falls back. */
export function malformedRangeFields(query: URLSearchParams): string[] {
  return (['from', 'to'] as const).filter((field) => query.has(field) && query.get(field) !== '' && !Day.safeParse(query.get(field)).success);
}

/** The instants [start, end) of a range. */
export function rangeBounds(range: ReportRange): { start: Date; end: Date } {
  return { start: new Date(`${range.from}T00:00:00Z`), end: new Date(Date.parse(`${range.to}T00:00:00Z`) + DAY_MS) };
}
