// The date range of a marketing report (docs/decisions/0028): from and to, applied by a GET so that a
// report's URL can be shared; a report may add its own buttons after Apply (the funnel's CSV).
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { FilterBar, FieldLabel, SmallButton } from '../operators/parts';

export function RangeFilters({ range, testId, children }: { range: { from: string; to: string }; testId?: string; children?: ReactNode }) {
  return (
    <FilterBar $field={160} method="get" data-testid={testId}>
      <FieldLabel>
        <FormattedMessage id="marketing.range.from" defaultMessage="From" />
        <input type="date" name="from" defaultValue={range.from} required />
      </FieldLabel>
      <FieldLabel>
        <FormattedMessage id="marketing.range.to" defaultMessage="To" />
        <input type="date" name="to" defaultValue={range.to} required />
      </FieldLabel>
      <SmallButton type="submit" $variant="primary">
        <FormattedMessage id="marketing.range.apply" defaultMessage="Apply" />
      </SmallButton>
      {children}
    </FilterBar>
  );
}
