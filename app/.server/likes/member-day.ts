// A member's calendar day, for daily limits such as the swipe game's 4 likes (docs/product.md §9): the day
// runs from midnight to midnight in the time zone of the member's country (one zone per country,
// its capital's; docs/decisions/0015), UTC for a country not listed here.

const ZONES: Record<string, string> = {
  AT: 'Europe/Vienna',
  AU: 'Australia/Sydney',
  BE: 'Europe/Brussels',
  CA: 'America/Toronto',
  CH: 'Europe/Zurich',
  DE: 'Europe/Berlin',
  DK: 'Europe/Copenhagen',
  ES: 'Europe/Madrid',
  FI: 'Europe/Helsinki',
  FR: 'Europe/Paris',
  GB: 'Europe/London',
  IE: 'Europe/Dublin',
  IT: 'Europe/Rome',
  NL: 'Europe/Amsterdam',
  NO: 'Europe/Oslo',
  NZ: 'Pacific/Auckland',
  PL: 'Europe/Warsaw',
  PT: 'Europe/Lisbon',
  SE: 'Europe/Stockholm',
  US: 'America/New_York',
};

export function timeZoneOf(country: string): string {
  return ZONES[country] ?? 'UTC';
}

function parts(zone: string, at: Date): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number> {
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const out: Record<string, number> = {};
  for (const part of format.formatToParts(at)) if (part.type !== 'literal') out[part.type] = Number(part.value);
  return out as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
}

/** The member's day at `at`, as YYYY-MM-DD. */
export function memberDay(country: string, at: Date): string {
  const p = parts(timeZoneOf(country), at);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** How far the zone's wall clock is ahead of UTC at `at`, in ms. */
function offsetMs(zone: string, at: Date): number {
  const p = parts(zone, at);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant the member's next day starts (their next midnight). */
export function nextDayStarts(country: string, at: Date): Date {
  const zone = timeZoneOf(country);
  const p = parts(zone, at);
  const midnightWall = Date.UTC(p.year, p.month - 1, p.day + 1);
  // The offset at midnight may differ from now's (a DST change in between): take it there.
  let instant = midnightWall - offsetMs(zone, at);
  instant = midnightWall - offsetMs(zone, new Date(instant));
  return new Date(instant);
}
