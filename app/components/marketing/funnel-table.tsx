// The funnel report: one row per lander, variant, network, ref and sub1 of the range's visits, with a
// total. Money in each currency as the console's language writes it; EPC = revenue / visits.
import { defineMessages, FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
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

const columns = defineMessages({
  lander: { id: 'marketing.col.lander', defaultMessage: 'Lander' },
  variant: { id: 'marketing.col.variant', defaultMessage: 'Variant' },
  network: { id: 'marketing.col.network', defaultMessage: 'Network' },
  ref: { id: 'marketing.col.ref', defaultMessage: 'Ref' },
  sub1: { id: 'marketing.col.sub1', defaultMessage: 'Sub 1' },
  visits: { id: 'marketing.col.visits', defaultMessage: 'Visits' },
  signups: { id: 'marketing.col.signups', defaultMessage: 'Signups' },
  confirmed: { id: 'marketing.col.confirmed', defaultMessage: 'Confirmed' },
  firstPurchases: { id: 'marketing.col.firstPurchases', defaultMessage: 'First purchases' },
  signupRate: { id: 'marketing.col.signupRate', defaultMessage: 'Signups per visit' },
  purchaseRate: { id: 'marketing.col.purchaseRate', defaultMessage: 'First purchases per signup' },
  revenue: { id: 'marketing.col.revenue', defaultMessage: 'Net revenue' },
  epc: { id: 'marketing.col.epc', defaultMessage: 'EPC' },
});
type Labels = Record<keyof typeof columns, string>;

function Figures({ row, label }: { row: FunnelRow; label: Labels }) {
  return (
    <>
      <td data-num data-label={label.visits}>{row.visits}</td>
      <td data-num data-label={label.signups}>{row.signups}</td>
      <td data-num data-label={label.confirmed}>{row.confirmed}</td>
      <td data-num data-label={label.firstPurchases}>{row.firstPurchases}</td>
      <td data-num data-label={label.signupRate}>
        <Rate part={row.signups} whole={row.visits} />
      </td>
      <td data-num data-label={label.purchaseRate}>
        <Rate part={row.firstPurchases} whole={row.signups} />
      </td>
      <td data-num data-label={label.revenue}>
        <Amounts money={row.revenue} />
      </td>
      <td data-num data-label={label.epc}>
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
  const label = Object.fromEntries(Object.entries(columns).map(([key, message]) => [key, intl.formatMessage(message)])) as Labels;
  return (
    <TableScroll aria-label={intl.formatMessage({ id: 'marketing.funnel.heading', defaultMessage: 'Visits and what came of them' })}>
      <ReportTable data-testid="funnel-table" data-stack>
        <thead>
          <tr>
            {(['lander', 'variant', 'network', 'ref', 'sub1'] as const).map((key) => (
              <th key={key} scope="col">{label[key]}</th>
            ))}
            {(['visits', 'signups', 'confirmed', 'firstPurchases', 'signupRate', 'purchaseRate', 'revenue'] as const).map((key) => (
              <th key={key} scope="col" data-num>{label[key]}</th>
            ))}
            <th scope="col" data-num>
              <abbr title={intl.formatMessage({ id: 'marketing.col.epcLong', defaultMessage: 'Earnings per click: revenue divided by visits' })}>{label.epc}</abbr>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={JSON.stringify([row.lander, row.variant, row.network, row.ref, row.sub1])} data-testid="funnel-row" data-network={row.network ?? ''} data-sub1={row.sub1 ?? ''}>
              <th scope="row">{landerName(intl, row.lander)}</th>
              <td data-label={label.variant}>{row.variant ?? none}</td>
              <td data-label={label.network}>{row.network ?? none}</td>
              <td data-label={label.ref}>{row.ref ?? none}</td>
              <td data-label={label.sub1}>{row.sub1 ?? none}</td>
              <Figures row={row} label={label} />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={5}>
              <FormattedMessage id="marketing.funnel.total" defaultMessage="Total" />
            </th>
            <Figures row={total(rows)} label={label} />
          </tr>
        </tfoot>
      </ReportTable>
    </TableScroll>
  );
}
