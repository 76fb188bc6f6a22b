// /operator/marketing/funnel: the funnel report (docs/decisions/0028, 0069) — what happened in a date
// range by lander, variant, network, ref and sub1, counted as the network overview counts it: visits,
// signups, confirmed addresses, first purchases, net revenue, rates and earnings per click; the same as CSV at ./funnel.csv. Below
// it the range's suspicious bursts (decision 0055), each counted as one visit; as CSV at ./bursts.csv.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { defineMessages, FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { funnelReport, suspiciousBursts } from '~/.server/marketing/reports';
import { reportRange } from '~/.server/marketing/range';
import { requireTenantRole } from '~/.server/operators/console';
import { BURST_AGENTS, BURST_WINDOW_MS } from '~/.server/tracking/bursts';
import { ConsolePage, consoleMeta } from '~/components/operators/console-page';
import { Panel, SmallButton } from '~/components/operators/parts';
import { BurstTable } from '~/components/marketing/burst-table';
import { FunnelTable } from '~/components/marketing/funnel-table';
import { MarketingHead } from '~/components/marketing/marketing-nav';
import { RangeFilters } from '~/components/marketing/range-filters';

export async function loader({ context, request }: LoaderFunctionArgs) {
  const operator = requireTenantRole(context, 'marketing');
  const range = reportRange(new URL(request.url).searchParams);
  const [result, bursts] = await Promise.all([funnelReport(context.db, context.tenant, operator, range), suspiciousBursts(context.db, context.tenant, operator, range)]);
  if (!result.ok || !bursts.ok) throw new Response('Forbidden', { status: 403 });
  return { range, rows: result.value, bursts: bursts.value, rule: { agents: BURST_AGENTS, minutes: BURST_WINDOW_MS / 60_000 } };
}

const texts = defineMessages({
  title: { id: 'marketing.funnel.title', defaultMessage: 'Funnel' },
});

export const meta = consoleMeta(texts.title);

const day = (value: string) => <FormattedDate value={`${value}T12:00:00Z`} dateStyle="medium" timeZone="UTC" />;

export default function MarketingFunnel() {
  const { range, rows, bursts, rule } = useLoaderData<typeof loader>();
  const intl = useIntl();
  const query = new URLSearchParams(range).toString();
  return (
    <ConsolePage>
      <MarketingHead title={intl.formatMessage(texts.title)}>
        <FormattedMessage
          id="marketing.funnel.intro"
          defaultMessage="What happened from {from} to {to}, counted as on the network overview: the visits made, the signups, confirmed addresses and first purchases, and net revenue (payments less refunds and chargebacks). A member counts under the visit their signup came from, whenever that was; a member without one under (none). EPC is net revenue divided by visits."
          values={{ from: day(range.from), to: day(range.to) }}
        />
      </MarketingHead>
      <Panel aria-labelledby="funnel-heading">
        <h2 id="funnel-heading">
          <FormattedMessage id="marketing.funnel.heading" defaultMessage="Visits and what came of them" />
        </h2>
        <RangeFilters range={range} testId="funnel-filters">
          <SmallButton as="a" href={`/operator/marketing/funnel.csv?${query}`} download data-testid="funnel-csv">
            <FormattedMessage id="marketing.funnel.csv" defaultMessage="Download CSV" />
          </SmallButton>
        </RangeFilters>
      </Panel>
      <Panel aria-labelledby="funnel-heading">
        <FunnelTable rows={rows} />
      </Panel>
      <Panel aria-labelledby="bursts-heading" data-testid="bursts">
        <h2 id="bursts-heading">
          <FormattedMessage id="marketing.bursts.heading" defaultMessage="Suspicious bursts" />
        </h2>
        <p>
          <FormattedMessage
            id="marketing.bursts.intro"
            defaultMessage="At least {agents} new visitors with different browsers from one address on one page within {minutes} minutes look like made-up traffic: each such burst counts as one visit above. Returning visitors are never part of a burst."
            values={rule}
          />{' '}
          <SmallButton as="a" href={`/operator/marketing/bursts.csv?${query}`} download data-testid="bursts-csv">
            <FormattedMessage id="marketing.bursts.csv" defaultMessage="Download bursts as CSV" />
          </SmallButton>
        </p>
        <BurstTable rows={bursts} />
      </Panel>
    </ConsolePage>
  );
}
