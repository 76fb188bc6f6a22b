// /operator/marketing/funnel: the funnel report (docs/decisions/0028) — the visits of a date range by
// lander, variant, network, ref and sub1, and what followed from them: signups, confirmed addresses,
// first purchases, net revenue, rates and earnings per click; the same as CSV at ./funnel.csv.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { defineMessages, FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { funnelReport } from '~/.server/marketing/reports';
import { reportRange } from '~/.server/marketing/range';
import { requireUnlistedRole } from '~/.server/operators/console';
import { ConsolePage, consoleMeta } from '~/components/operators/console-page';
import { Panel, SmallButton } from '~/components/operators/parts';
import { FunnelTable } from '~/components/marketing/funnel-table';
import { MarketingHead } from '~/components/marketing/marketing-nav';
import { RangeFilters } from '~/components/marketing/range-filters';

export async function loader({ context, request }: LoaderFunctionArgs) {
  const operator = requireUnlistedRole(context, 'marketing');
  const range = reportRange(new URL(request.url).searchParams);
  const result = await funnelReport(context.db, context.tenant, operator, range);
  if (!result.ok) throw new Response('Forbidden', { status: 403 });
  return { range, rows: result.value };
}

const texts = defineMessages({
  title: { id: 'marketing.funnel.title', defaultMessage: 'Funnel' },
});

export const meta = consoleMeta(texts.title);

const day = (value: string) => <FormattedDate value={`${value}T12:00:00Z`} dateStyle="medium" timeZone="UTC" />;

export default function MarketingFunnel() {
  const { range, rows } = useLoaderData<typeof loader>();
  const intl = useIntl();
  const query = new URLSearchParams(range).toString();
  return (
    <ConsolePage>
      <MarketingHead title={intl.formatMessage(texts.title)}>
        <FormattedMessage
          id="marketing.funnel.intro"
          defaultMessage="Visits from {from} to {to} and everything that followed from them up to now: signups, confirmed addresses, first purchases and revenue after refunds. EPC is revenue divided by visits."
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
    </ConsolePage>
  );
}
