// The funnel report: one row per lander, variant, network, ref and sub1 of the range's visits, with a
// total. Money in each currency as the console's language writes it; EPC = revenue / visits.
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import type { FunnelRow, Money } from '~/shared/marketing-types';
import { landerName } from './lander-names';
import { Empty, ReportTable, TableScroll } from './parts';

function Amounts({ money, perClick }: { money: Money[]; perClick?: boolean }) {
  if (!money.length) return <>–</>;
  return (
    <>
      {money.map((m, index) => (
        <span key={m.currency}>
          {index ? <br /> : null}
          <FormattedNumber value={m.amount / 100} style="currency" currency={m.currency} minimumFractionDigits={2} maximumFractionDigits={perClick ? 3 : 2} />
        </span>
      ))}
    </>
  );
}

function Rate({ part, whole }: { part: number; whole: number }) {
  return whole ? <FormattedNumber value={part / whole} style="percent" minimumFractionDigits={1} maximumFractionDigits={1} /> : <>–</>;
}

function total(rows: readonly FunnelRow[]): FunnelRow {
  const revenue = new Map<string, number>();
  for (const row of rows) for (const m of row.revenue) revenue.set(m.currency, (revenue.get(m.currency) ?? 0) + m.amount);
  return {
    lander: null, variant: null, network: null, ref: null, sub1: null,
    visits: rows.reduce((sum, row) => sum + row.visits, 0),
    signups: rows.reduce((sum, row) => sum + row.signups, 0),
    confirmed: rows.reduce((sum, row) => sum + row.confirmed, 0),
    firstPurchases: rows.reduce((sum, row) => sum + row.firstPurchases, 0),
    revenue: [...revenue].map(([currency, amount]) => ({ currency, amount })).sort((a, b) => b.amount - a.amount),
  };
}

const perClick = (row: FunnelRow): Money[] => (row.visits ? row.revenue.map((m) => ({ currency: m.currency, amount: m.amount / row.visits })) : []);

function Figures({ row }: { row: FunnelRow }) {
  return (
    <>
      <td data-num>{row.visits}</td>
      <td data-num>{row.signups}</td>
      <td data-num>{row.confirmed}</td>
      <td data-num>{row.firstPurchases}</td>
      <td data-num>
        <Rate part={row.signups} whole={row.visits} />
      </td>
      <td data-num>
        <Rate part={row.firstPurchases} whole={row.visits} />
      </td>
      <td data-num>
        <Amounts money={row.revenue} />
      </td>
      <td data-num>
        <Amounts money={perClick(row)} perClick />
      </td>
    </>
  );
}

export function FunnelTable({ rows }: { rows: FunnelRow[] }) {
  const intl = useIntl();
  if (!rows.length)
    return (
      <Empty data-testid="funnel-empty">
        <FormattedMessage id="marketing.funnel.empty" defaultMessage="No visits in this period." />
      </Empty>
    );
  const none = intl.formatMessage({ id: 'marketing.funnel.none', defaultMessage: '(none)' });
  return (
    <TableScroll>
      <ReportTable data-testid="funnel-table">
        <thead>
          <tr>
            <th scope="col"><FormattedMessage id="marketing.col.lander" defaultMessage="Lander" /></th>
            <th scope="col"><FormattedMessage id="marketing.col.variant" defaultMessage="Variant" /></th>
            <th scope="col"><FormattedMessage id="marketing.col.network" defaultMessage="Network" /></th>
            <th scope="col"><FormattedMessage id="marketing.col.ref" defaultMessage="Ref" /></th>
            <th scope="col"><FormattedMessage id="marketing.col.sub1" defaultMessage="Sub 1" /></th>
            <th scope="col" data-num><FormattedMessage id="marketing.col.visits" defaultMessage="Visits" /></th>
            <th scope="col" data-num><FormattedMessage id="marketing.col.signups" defaultMessage="Signups" /></th>
            <th scope="col" data-num><FormattedMessage id="marketing.col.confirmed" defaultMessage="Confirmed" /></th>
            <th scope="col" data-num><FormattedMessage id="marketing.col.firstPurchases" defaultMessage="First purchases" /></th>
            <th scope="col" data-num><FormattedMessage id="marketing.col.signupRate" defaultMessage="Signup rate" /></th>
            <th scope="col" data-num><FormattedMessage id="marketing.col.purchaseRate" defaultMessage="Purchase rate" /></th>
            <th scope="col" data-num><FormattedMessage id="marketing.col.revenue" defaultMessage="Revenue" /></th>
            <th scope="col" data-num>
              <abbr title={intl.formatMessage({ id: 'marketing.col.epcLong', defaultMessage: 'Earnings per click: revenue divided by visits' })}>
                <FormattedMessage id="marketing.col.epc" defaultMessage="EPC" />
              </abbr>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={JSON.stringify([row.lander, row.variant, row.network, row.ref, row.sub1])} data-testid="funnel-row" data-network={row.network ?? ''} data-sub1={row.sub1 ?? ''}>
              <th scope="row">{landerName(intl, row.lander)}</th>
              <td>{row.variant ?? none}</td>
              <td>{row.network ?? none}</td>
              <td>{row.ref ?? none}</td>
              <td>{row.sub1 ?? none}</td>
              <Figures row={row} />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={5}>
              <FormattedMessage id="marketing.funnel.total" defaultMessage="Total" />
            </th>
            <Figures row={total(rows)} />
          </tr>
        </tfoot>
      </ReportTable>
    </TableScroll>
  );
}
