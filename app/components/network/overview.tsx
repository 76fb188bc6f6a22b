// The network overview's parts (docs/network-console.md): the sites side by side in one table (each
// figure of the range; amounts per currency, one line each; rates with their 95 % interval under
// them) that scrolls inside its box on a phone, and the charts of the same range — signups per site,
// revenue per site for each currency, and the sites' signups compared.
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import styled from 'styled-components';
import type { Amounts, Rate, SeriesPoint, SiteOverview } from '~/shared/network-types';
import { BarChart, LineChart, seriesColour, type ChartLine } from './charts';

export interface OverviewTotals {
  visits: number;
  signups: number;
  confirmed: number;
  first_purchases: number;
  purchases: number;
  chargebacks: number;
  revenue: Amounts;
  refunds: Amounts;
  charged_back: Amounts;
  net_revenue: Amounts;
}

const TableBox = styled.div`
  overflow-x: auto;
  max-width: 100%;

  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.primary};
    outline-offset: 2px;
  }
  table {
    width: 100%;
    border-collapse: collapse;
    font-size: 0.85rem;
  }
  th,
  td {
    padding: 6px;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: right;
    white-space: nowrap;
  }
  th:first-child,
  td:first-child {
    text-align: left;
  }
  tbody th {
    font-weight: 600;
  }
  tfoot td {
    font-weight: 700;
  }
  @media (min-width: ${({ theme }) => theme.breakpoints.md}px) {
    thead th {
      white-space: normal;
      vertical-align: bottom;
    }
  }
`;

const Interval = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.8rem;
`;

const Badge = styled.span`
  margin-left: ${({ theme }) => theme.space(1.5)};
  padding: 1px 6px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.secondary};
  color: ${({ theme }) => theme.colors.text};
  font-size: 0.75rem;
  font-weight: 600;
`;

const Line = styled.span`
  display: block;
`;

const Lines = ({ items }: { items: string[] }) => (
  <>
    {items.map((item, i) => (
      <Line key={i}>{item}</Line>
    ))}
  </>
);

/** Each currency's amount on a line of its own, currencies in order; '–' for none. */
function Money({ amounts }: { amounts: Amounts }) {
  const intl = useIntl();
  const items = Object.entries(amounts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, minor]) => intl.formatNumber(minor / 100, { style: 'currency', currency }));
  return items.length ? <Lines items={items} /> : <>–</>;
}

/** A rate and, under it, its Wilson 95 % interval; '–' without trials. */
function Percent({ value }: { value: Rate }) {
  const intl = useIntl();
  if (value.rate === null) return <>–</>;
  const format = (n: number) => intl.formatNumber(n, { style: 'percent', maximumFractionDigits: 1 });
  return (
    <>
      {format(value.rate)}
      <Interval>
        {format(value.low ?? 0)}–{format(value.high ?? 0)}
      </Interval>
    </>
  );
}

/** How many chargebacks, and what they took back (net revenue subtracts it). */
function Chargebacks({ count, amounts }: { count: number; amounts: Amounts }) {
  const intl = useIntl();
  if (!count) return <>{intl.formatNumber(count)}</>;
  return (
    <>
      <Line>{intl.formatNumber(count)}</Line>
      <Money amounts={amounts} />
    </>
  );
}

function StatusBadge({ status }: { status: SiteOverview['status'] }) {
  if (status === 'paused') {
    return (
      <Badge data-status="paused">
        <FormattedMessage id="network.sites.status.paused" defaultMessage="paused" />
      </Badge>
    );
  }
  if (status === 'archived') {
    return (
      <Badge data-status="archived">
        <FormattedMessage id="network.sites.status.archived" defaultMessage="archived" />
      </Badge>
    );
  }
  return null;
}

/** The sites side by side: a row per site (data-site) and the network's totals, scrolling inside its box when narrower than the table. */
export function OverviewTable({ sites, totals }: { sites: readonly SiteOverview[]; totals: OverviewTotals }) {
  const intl = useIntl();
  const count = (n: number) => intl.formatNumber(n);
  const title = intl.formatMessage({ id: 'network.overview.title', defaultMessage: 'Sites side by side' });
  return (
    <TableBox className="table" tabIndex={0} role="region" aria-label={title}>
      <table className="overview">
        <thead>
          <tr>
            <th scope="col">
              <FormattedMessage id="network.col.site" defaultMessage="Site" />
            </th>
            <th scope="col">
              <FormattedMessage id="network.col.visits" defaultMessage="Visits" />
            </th>
            <th scope="col">
              <FormattedMessage id="network.col.signups" defaultMessage="Signups" />
            </th>
            <th scope="col">
              <FormattedMessage id="network.col.confirmed" defaultMessage="Confirmed" />
            </th>
            <th scope="col">
              <FormattedMessage id="network.col.firstPurchases" defaultMessage="First purchases" />
            </th>
            <th scope="col">
              <FormattedMessage id="network.col.purchases" defaultMessage="Purchases" />
            </th>
            <th scope="col">
              <FormattedMessage id="network.col.revenue" defaultMessage="Revenue" />
            </th>
            <th scope="col">
              <FormattedMessage id="network.col.refunds" defaultMessage="Refunds" />
            </th>
            <th scope="col">
              <FormattedMessage id="network.col.chargebacks" defaultMessage="Chargebacks" />
            </th>
            <th scope="col">
              <FormattedMessage id="network.col.netRevenue" defaultMessage="Net revenue" />
            </th>
            <th scope="col">
              <FormattedMessage id="network.col.signupRate" defaultMessage="Signups per visit" />
            </th>
            <th scope="col">
              <FormattedMessage id="network.col.purchaseRate" defaultMessage="First purchases per signup" />
            </th>
            <th scope="col">
              <FormattedMessage id="network.col.arppu" defaultMessage="Revenue per paying member" />
            </th>
          </tr>
        </thead>
        <tbody>
          {sites.map((site) => (
            <tr key={site.id} data-site={site.id}>
              <th scope="row">
                {site.name}
                <StatusBadge status={site.status} />
              </th>
              <td>{count(site.visits)}</td>
              <td>{count(site.signups)}</td>
              <td>{count(site.confirmed)}</td>
              <td>{count(site.first_purchases)}</td>
              <td>{count(site.purchases)}</td>
              <td>
                <Money amounts={site.revenue} />
              </td>
              <td>
                <Money amounts={site.refunds} />
              </td>
              <td>
                <Chargebacks count={site.chargebacks} amounts={site.charged_back} />
              </td>
              <td>
                <Money amounts={site.net_revenue} />
              </td>
              <td>
                <Percent value={site.signup_rate} />
              </td>
              <td>
                <Percent value={site.purchase_rate} />
              </td>
              <td>
                <Money amounts={site.arppu} />
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td>
              <FormattedMessage id="network.total" defaultMessage="Network total" />
            </td>
            <td>{count(totals.visits)}</td>
            <td>{count(totals.signups)}</td>
            <td>{count(totals.confirmed)}</td>
            <td>{count(totals.first_purchases)}</td>
            <td>{count(totals.purchases)}</td>
            <td>
              <Money amounts={totals.revenue} />
            </td>
            <td>
              <Money amounts={totals.refunds} />
            </td>
            <td>
              <Chargebacks count={totals.chargebacks} amounts={totals.charged_back} />
            </td>
            <td>
              <Money amounts={totals.net_revenue} />
            </td>
            <td />
            <td />
            <td />
          </tr>
        </tfoot>
      </table>
    </TableBox>
  );
}

const ChartGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 400px), 1fr));
  gap: ${({ theme }) => theme.space(4)};
`;

/** Each site's value of `pick` in every period (0 where the series has no point). */
function linesOf(sites: readonly SiteOverview[], series: readonly SeriesPoint[], labels: readonly string[], pick: (point: SeriesPoint) => number): ChartLine[] {
  const byKey = new Map(series.map((point) => [`${point.site} ${point.period}`, point]));
  return sites.map((site, i) => ({
    name: site.name,
    colour: seriesColour(i),
    values: labels.map((label) => {
      const point = byKey.get(`${site.id} ${label}`);
      return point ? pick(point) : 0;
    }),
  }));
}

/** The charts' data: signups per site, revenue per site for each currency (the sites with any), each site's signups in the range. */
export function overviewCharts(sites: readonly SiteOverview[], series: readonly SeriesPoint[], labels: readonly string[]) {
  const currencies = [...new Set(series.flatMap((point) => Object.keys(point.revenue)))].sort();
  return {
    signups: linesOf(sites, series, labels, (point) => point.signups),
    revenue: currencies.map((currency) => ({ currency, lines: linesOf(sites, series, labels, (point) => point.revenue[currency] ?? 0).filter((line) => line.values.some(Boolean)) })),
    compare: sites.map((site, i) => ({ name: site.name, colour: seriesColour(i), value: site.signups })),
  };
}

const compactMoney = (intl: IntlShape, currency: string) => (minor: number) => intl.formatNumber(minor / 100, { style: 'currency', currency, notation: 'compact' });

export function OverviewCharts({ sites, series, labels }: { sites: readonly SiteOverview[]; series: readonly SeriesPoint[]; labels: readonly string[]}) {
  const intl = useIntl();
  const charts = overviewCharts(sites, series, labels);
  return (
    <ChartGrid data-testid="overview-charts">
      <LineChart
        title={intl.formatMessage({ id: 'network.chart.signups', defaultMessage: 'Signups per site' })}
        labels={labels}
        lines={charts.signups}
        format={(value) => intl.formatNumber(value, { maximumFractionDigits: 1 })}
      />
      {charts.revenue.map(({ currency, lines }) => (
        <LineChart
          key={currency}
          title={intl.formatMessage({ id: 'network.chart.revenue', defaultMessage: 'Revenue per site ({currency})' }, { currency })}
          labels={labels}
          lines={lines}
          format={compactMoney(intl, currency)}
        />
      ))}
      <BarChart
        title={intl.formatMessage({ id: 'network.chart.compare', defaultMessage: 'Signups in the range, site by site' })}
        bars={charts.compare}
        format={(value) => intl.formatNumber(value)}
      />
    </ChartGrid>
  );
}
