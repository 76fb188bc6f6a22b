// One split's report: each variant behind the split's URL with its weight, visits, signups and
// conversion rate, and the Wilson 95 % interval drawn as a bar so overlapping intervals show at a glance.
import { FormattedMessage, FormattedNumber } from 'react-intl';
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

export function SplitTable({ split, scale }: { split: SplitReport; scale: number }) {
  const totalWeight = split.variants.reduce((sum, v) => sum + v.weight, 0);
  return (
    <Panel data-testid="split-report" data-split={split.slug}>
      <h2>
        <FormattedMessage id="marketing.splits.heading" defaultMessage="Split {slug}" values={{ slug: <Code>{split.slug}</Code> }} />
      </h2>
      <TableScroll>
        <ReportTable>
          <thead>
            <tr>
              <th scope="col"><FormattedMessage id="marketing.col.variant" defaultMessage="Variant" /></th>
              <th scope="col" data-num><FormattedMessage id="marketing.col.share" defaultMessage="Share of traffic" /></th>
              <th scope="col" data-num><FormattedMessage id="marketing.col.visits" defaultMessage="Visits" /></th>
              <th scope="col" data-num><FormattedMessage id="marketing.col.signups" defaultMessage="Signups" /></th>
              <th scope="col" data-num><FormattedMessage id="marketing.col.conversion" defaultMessage="Conversion" /></th>
              <th scope="col"><FormattedMessage id="marketing.col.interval" defaultMessage="95 % confidence interval" /></th>
            </tr>
          </thead>
          <tbody>
            {split.variants.map((v) => (
              <tr key={v.variant} data-testid="split-variant" data-variant={v.variant}>
                <th scope="row">{v.variant}</th>
                <td data-num>{pct(v.weight / totalWeight)}</td>
                <td data-num>{v.visits}</td>
                <td data-num>{v.signups}</td>
                <td data-num>{v.rate === null ? '–' : pct(v.rate)}</td>
                <td>
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
