// A time in the operator's own time zone. The server does not know it: the server's render and the
// first render in the browser show UTC (so hydration matches), then the browser's zone.
import { useEffect, useState } from 'react';
import { FormattedDate } from 'react-intl';

export function LocalTime({ value, withDate = true, dateOnly = false }: { value: string; withDate?: boolean; dateOnly?: boolean }) {
  const [zone, setZone] = useState<string | undefined>('UTC');
  useEffect(() => setZone(undefined), []);
  return (
    <time dateTime={value}>
      {dateOnly ? (
        <FormattedDate value={value} timeZone={zone} day="numeric" month="short" year="numeric" />
      ) : (
        <FormattedDate value={value} timeZone={zone} hour="2-digit" minute="2-digit" {...(withDate ? { day: 'numeric', month: 'short' } : {})} />
      )}
    </time>
  );
}
