// / on the admin host: the network overview (issue 35 item 2, docs/network-console.md) — the range
// (from, to, grouped by day, week or month; a GET form that works without script), the sites side by
// side with the network's totals, the CSV of the same table, and the charts of the range. The query
// is read with GET /api/network/overview.php's schema (network/overview-query.ts); a range field that
// is no day falls back to the default here, where the API names it. No session: 303 to /login.
import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, useLoaderData, useNavigation } from '@remix-run/react';
import { FormattedMessage } from 'react-intl';
import styled from 'styled-components';
import { signedIn } from '~/.server/network/console-route';
import { networkOverview, networkSeries, totalsPerCurrency } from '~/.server/network/overview';
import { overviewQueryOf, periods } from '~/.server/network/overview-query';
import { ConsoleMain } from '~/components/network/console-shell';
import { OverviewCharts, OverviewTable, type OverviewTotals } from '~/components/network/overview';
import { Card, Field, Muted, PrimaryButton } from '~/components/network/parts';
import { BUCKETS } from '~/shared/network-types';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const network = signedIn(context);
  const { range, bucket } = overviewQueryOf(new URL(request.url));
  const tenants = network.sites.tenants();
  const [overview, series] = await Promise.all([
    networkOverview(network.db, network.actor, { tenants, range, status: network.sites.status }),
    networkSeries(network.db, network.actor, { tenants, range, bucket }),
  ]);
  if (!overview.ok || !series.ok) throw redirect('/login', 303);
  const sites = overview.value;
  const sum = (field: 'visits' | 'signups' | 'confirmed' | 'first_purchases' | 'purchases' | 'chargebacks') => sites.reduce((total, site) => total + site[field], 0);
  const totals: OverviewTotals = {
    visits: sum('visits'),
    signups: sum('signups'),
    confirmed: sum('confirmed'),
    first_purchases: sum('first_purchases'),
    purchases: sum('purchases'),
    chargebacks: sum('chargebacks'),
    revenue: totalsPerCurrency(sites, 'revenue'),
    refunds: totalsPerCurrency(sites, 'refunds'),
    charged_back: totalsPerCurrency(sites, 'charged_back'),
    net_revenue: totalsPerCurrency(sites, 'net_revenue'),
  };
  const csv = `/api/network/overview.php?${new URLSearchParams({ from: range.from, to: range.to, bucket, format: 'csv' }).toString()}`;
  return { range, bucket, sites, totals, series: series.value, labels: periods(range, bucket), csv };
}

const RangeForm = styled(Form)`
  && {
    flex-direction: row;
    flex-wrap: wrap;
    align-items: flex-end;
    gap: ${({ theme }) => theme.space(3)};
  }
  label {
    flex: 1 1 150px;
    max-width: 220px;
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.sm - 1}px) {
    label {
      flex-basis: 100%;
      max-width: none;
    }
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
`;

const SecondaryLink = styled.a`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-height: 44px;
  padding: 8px 16px;
  border: 1px solid ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.primary};
  font-weight: 600;
  text-decoration: none;

  &:hover,
  &:focus-visible {
    text-decoration: underline;
  }
`;

const Note = styled(Muted)`
  margin-top: ${({ theme }) => theme.space(3)};
`;

const BUCKET_TEXTS = {
  day: <FormattedMessage id="network.range.day" defaultMessage="Day" />,
  week: <FormattedMessage id="network.range.week" defaultMessage="Week" />,
  month: <FormattedMessage id="network.range.month" defaultMessage="Month" />,
} as const;

export default function NetworkOverview() {
  const { range, bucket, sites, totals, series, labels, csv } = useLoaderData<typeof loader>();
  const busy = useNavigation().state === 'loading';
  return (
    <ConsoleMain $width={1400} aria-busy={busy}>
      <Card>
        <h1>
          <FormattedMessage id="network.overview.title" defaultMessage="Sites side by side" />
        </h1>
        <RangeForm method="get" action="/" key={`${range.from} ${range.to} ${bucket}`}>
          <Field>
            <FormattedMessage id="network.range.from" defaultMessage="From" />
            <input type="date" name="from" defaultValue={range.from} />
          </Field>
          <Field>
            <FormattedMessage id="network.range.to" defaultMessage="To" />
            <input type="date" name="to" defaultValue={range.to} />
          </Field>
          <Field>
            <FormattedMessage id="network.range.bucket" defaultMessage="Grouped by" />
            <select name="bucket" defaultValue={bucket}>
              {BUCKETS.map((option) => (
                <option key={option} value={option}>
                  {BUCKET_TEXTS[option]}
                </option>
              ))}
            </select>
          </Field>
          <Actions>
            <PrimaryButton type="submit">
              <FormattedMessage id="network.range.apply" defaultMessage="Show" />
            </PrimaryButton>
            <SecondaryLink href={csv} download>
              <FormattedMessage id="network.csv" defaultMessage="Download CSV" />
            </SecondaryLink>
          </Actions>
        </RangeForm>
      </Card>
      <Card>
        <OverviewTable sites={sites} totals={totals} />
        <Note>
          <FormattedMessage
            id="network.note"
            defaultMessage="Each figure counts what happened in the range, as the marketers’ funnel does. Amounts per currency, never converted or added across currencies: revenue is what was paid; refunds what was refunded or asked back; chargebacks what was charged back (the whole payment); net revenue is revenue less refunds and chargebacks. Rates show their 95 % interval below."
          />
        </Note>
      </Card>
      <Card>
        <h2>
          <FormattedMessage id="network.charts" defaultMessage="Over time" />
        </h2>
        <OverviewCharts sites={sites} series={series} labels={labels} />
      </Card>
    </ConsoleMain>
  );
}
