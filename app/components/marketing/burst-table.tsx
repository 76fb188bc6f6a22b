// The funnel report's suspicious bursts (docs/decisions/0055): new visits from one address on one
// lander with rotating user agents, each burst counted as one visit in the funnel above it.
import { defineMessages, FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import type { BurstRow } from '~/shared/marketing-types';
import { landerName } from './lander-names';
import { Code, Empty, ReportTable, TableScroll } from './parts';

const columns = defineMessages({
  lander: { id: 'marketing.col.lander', defaultMessage: 'Lander' },
  path: { id: 'marketing.bursts.col.path', defaultMessage: 'Page' },
  address: { id: 'marketing.bursts.col.address', defaultMessage: 'Address (network)' },
  visits: { id: 'marketing.bursts.col.visits', defaultMessage: 'Visits counted as one' },
  time: { id: 'marketing.bursts.col.time', defaultMessage: 'Time (UTC)' },
});
type Labels = Record<keyof typeof columns, string>;

const time = (value: string) => <FormattedDate value={value} dateStyle="medium" timeStyle="short" timeZone="UTC" />;

export function BurstTable({ rows }: { rows: BurstRow[] }) {
  const intl = useIntl();
  if (!rows.length)
    return (
      <Empty data-testid="bursts-empty">
        <FormattedMessage id="marketing.bursts.empty" defaultMessage="No suspicious bursts in this period." />
      </Empty>
    );
  const label = Object.fromEntries(Object.entries(columns).map(([key, message]) => [key, intl.formatMessage(message)])) as Labels;
  return (
    <TableScroll aria-label={intl.formatMessage({ id: 'marketing.bursts.heading', defaultMessage: 'Suspicious bursts' })}>
      <ReportTable data-testid="bursts-table" data-stack>
        <thead>
          <tr>
            <th scope="col">{label.lander}</th>
            <th scope="col">{label.path}</th>
            <th scope="col">{label.address}</th>
            <th scope="col" data-num>
              {label.visits}
            </th>
            <th scope="col">{label.time}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.path} ${row.firstAt} ${row.address}`} data-testid="burst-row">
              <th scope="row">{landerName(intl, row.lander)}</th>
              <td data-label={label.path}>
                <Code>{row.path}</Code>
              </td>
              <td data-label={label.address}>
                <Code>{row.address}</Code>
              </td>
              <td data-num data-label={label.visits}>
                {row.visits}
              </td>
              <td data-label={label.time}>
                <FormattedMessage id="marketing.bursts.between" defaultMessage="{first} to {last}" values={{ first: time(row.firstAt), last: time(row.lastAt) }} />
              </td>
            </tr>
          ))}
        </tbody>
      </ReportTable>
    </TableScroll>
  );
}
