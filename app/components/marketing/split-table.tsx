// One split's report: each variant behind the split's URL with its share of the period's visits,
// visits, signups and conversion rate, and the Wilson 95 % interval drawn as a bar so overlapping
// intervals show at a glance. The share is what the variant was served, not the tenant file's weight:
// a split in auto mode (docs/decisions/0064) serves other weights than the file's.
import { defineMessages, FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import styled from 'styled-components';
import type { SplitReport } from '~/shared/marketing-types';
import { Panel } from '../operators/parts';
import { Code, ReportTable, TableScroll } from './parts';

const Bar = styled.span`
  position: relative;
  display: inline-block;
  width: 120px;
  height: 8px;
  margin-left: 8px;
  border-radius: 4px;
  background: #e4e7ee;
  vertical-align: middle;

  span {
    position: absolute;
    top: 0;
    bottom: 0;
    border-radius: 4px;
    background: ${({ theme }) => theme.colors.primary};
  }
`;

const pct = (value: number) => <FormattedNumber value={value} style="percent" minimumFractionDigits={1} maximumFractionDigits={1} />;

const columns = defineMessages({
  variant: { id: 'marketing.col.variant', defaultMessage: 'Variant' },
  share: { id: 'marketing.col.share', defaultMessage: 'Share of traffic' },
  visits: { id: 'marketing.col.visits', defaultMessage: 'Visits' },
  signups: { id: 'marketing.col.signups', defaultMessage: 'Signups' },
  conversion: { id: 'marketing.col.conversion', defaultMessage: 'Conversion' },
  interval: { id: 'marketing.col.interval', defaultMessage: '95 % confidence interval' },
});

export function SplitTable({ split, scale }: { split: SplitReport; scale: number }) {
  const intl = useIntl();
  const label = (key: keyof typeof columns) => intl.formatMessage(columns[key]);
  const totalVisits = split.variants.reduce((sum, v) => sum + v.visits, 0);
  return (
    <Panel data-testid="split-report" data-split={split.slug}>
      <h2 id={`split-${split.slug}`}>
        <FormattedMessage id="marketing.splits.heading" defaultMessage="Split {slug}" values={{ slug: <Code>{split.slug}</Code> }} />
      </h2>
      <TableScroll aria-labelledby={`split-${split.slug}`}>
        <ReportTable data-stack>
          <thead>
            <tr>
              <th scope="col">{label('variant')}</th>
              <th scope="col" data-num>{label('share')}</th>
              <th scope="col" data-num>{label('visits')}</th>
              <th scope="col" data-num>{label('signups')}</th>
              <th scope="col" data-num>{label('conversion')}</th>
              <th scope="col">{label('interval')}</th>
            </tr>
          </thead>
          <tbody>
            {split.variants.map((v) => (
              <tr key={v.variant} data-testid="split-variant" data-variant={v.variant}>
                <th scope="row">{v.variant}</th>
                <td data-num data-label={label('share')}>{totalVisits ? pct(v.visits / totalVisits) : '–'}</td>
                <td data-num data-label={label('visits')}>{v.visits}</td>
                <td data-num data-label={label('signups')}>{v.signups}</td>
                <td data-num data-label={label('conversion')}>{v.rate === null ? '–' : pct(v.rate)}</td>
                <td data-label={label('interval')}>
                  {v.low === null || v.high === null ? (
                    '–'
                  ) : (
                    <>
                      {pct(v.low)} – {pct(v.high)}
                      <Bar aria-hidden="true">
                        <span style={{ left: `${(v.low / scale) * 100}%`, width: `${Math.max(((v.high - v.low) / scale) * 100, 2)}%` }} />
                      </Bar>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </ReportTable>
      </TableScroll>
    </Panel>
  );
}
