// The query of the network overview (docs/api.md "Network console"): `from`, `to`, `bucket` and
// `format`, read by the overview page (/) and by GET /api/network/overview.php and series.php with
// the same schema. A range field that is given but is no day is named by the API (400) and replaced
// by the default on the page (marketing/range.ts); an unknown bucket is a day.
import { z } from 'zod';
import type { Locale } from '~/shared/locales';
import type { ReportRange } from '~/shared/marketing-types';
import { apiJson } from '../contract/api';
import { serverMessage } from '../i18n/messages';
import { malformedRangeFields, reportRange } from '../marketing/range';
import { BUCKETS, type Bucket } from '~/shared/network-types';


/** One query value: a repeated key counts with its first value, as URLSearchParams.get() reads it. */
const param = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => (Array.isArray(value) ? value[0] : value));

export const OverviewQuerySchema = z.object({ from: param, to: param, bucket: param, format: param });
export type OverviewQueryInput = z.output<typeof OverviewQuerySchema>;

export interface OverviewQuery {
  range: ReportRange;
  bucket: Bucket;
  csv: boolean;
  /** The range fields given that are no day (YYYY-MM-DD, 1970–2999). */
  malformed: ('from' | 'to')[];
}

/** What a parsed query asks for: the range (default, swapped, shortened as reportRange does), the bucket, CSV or not. */
export function overviewQuery(input: Partial<OverviewQueryInput>): OverviewQuery {
  const params = new URLSearchParams();
  if (input.from !== undefined) params.set('from', input.from);
  if (input.to !== undefined) params.set('to', input.to);
  return {
    range: reportRange(params),
    bucket: BUCKETS.find((bucket) => bucket === input.bucket) ?? 'day',
    csv: input.format === 'csv',
    malformed: malformedRangeFields(params) as ('from' | 'to')[],
  };
}

/** The API's answer to a given `from`/`to` that is no day (issue 43): 400 validation naming each such field. */
export function badRange(locale: Locale, fields: readonly string[]): Response {
  const text = serverMessage(locale, 'network.error.field');
  return apiJson({ error: 'validation', message: serverMessage(locale, 'network.error.badRequest'), fields: Object.fromEntries(fields.map((field) => [field, text])) }, { status: 400 });
}

/** The query of a page's URL (the page falls back where the API refuses: a value it cannot read is absent). */
export function overviewQueryOf(url: URL): OverviewQuery {
  const parsed = OverviewQuerySchema.safeParse(Object.fromEntries(['from', 'to', 'bucket', 'format'].map((key) => [key, url.searchParams.get(key) ?? undefined])));
  return overviewQuery(parsed.success ? parsed.data : {});
}

/** The first day of every bucket from `from` to `to` (weeks start on Monday, as PostgreSQL's date_trunc): the charts' x axis. */
export function periods(range: ReportRange, bucket: Bucket): string[] {
  const day = new Date(`${range.from}T00:00:00Z`);
  if (bucket === 'week') day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  if (bucket === 'month') day.setUTCDate(1);
  const result: string[] = [];
  while (day.toISOString().slice(0, 10) <= range.to && result.length < 400) {
    result.push(day.toISOString().slice(0, 10));
    if (bucket === 'day') day.setUTCDate(day.getUTCDate() + 1);
    else if (bucket === 'week') day.setUTCDate(day.getUTCDate() + 7);
    else day.setUTCMonth(day.getUTCMonth() + 1);
  }
  return result;
}
