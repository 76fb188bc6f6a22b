// /operator/marketing/splits: the split report (docs/decisions/0028) — each split of the tenant file
// (several variants behind one URL, by weight, sticky per visitor) with every variant's visits,
// signups, conversion rate and Wilson 95 % interval over a date range.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { reportRange } from '~/.server/marketing/range';
import { splitReport } from '~/.server/marketing/reports';
import { requireUnlistedRole } from '~/.server/operators/console';
import { ConsolePage, consoleMeta } from '~/components/operators/console-page';
import { Notice, Panel } from '~/components/operators/parts';
import { MarketingHead } from '~/components/marketing/marketing-nav';
import { Empty } from '~/components/marketing/parts';
import { RangeFilters } from '~/components/marketing/range-filters';
import { SplitTable } from '~/components/marketing/split-table';

export async function loader({ context, request }: LoaderFunctionArgs) {
  const operator = requireUnlistedRole(context, 'marketing');
  const range = reportRange(new URL(request.url).searchParams);
  const result = await splitReport(context.db, context.tenant, operator, range);
  if (!result.ok) throw new Response('Forbidden', { status: 403 });
  return { range, splits: result.value };
}

const texts = defineMessages({
  title: { id: 'marketing.splits.title', defaultMessage: 'Splits' },
});

export const meta = consoleMeta(texts.title);

/** Below this many visits per variant an interval is too wide to pick a winner. */
const FEW_VISITS = 100;

export default function MarketingSplits() {
  const { range, splits } = useLoaderData<typeof loader>();
  const intl = useIntl();
  // One scale for every bar of the page: the highest upper end, so bars compare across splits.
  const scale = Math.max(0.05, ...splits.flatMap((split) => split.variants.map((v) => v.high ?? 0)));
  const few = splits.some((split) => split.variants.some((v) => v.visits < FEW_VISITS));
  return (
    <ConsolePage>
      <MarketingHead title={intl.formatMessage(texts.title)}>
        <FormattedMessage
          id="marketing.splits.intro"
          defaultMessage="A split sends the visitors of one URL to several variants by weight; each visitor keeps seeing the same one. Where the intervals of two variants do not overlap, the difference is unlikely to be chance."
        />
      </MarketingHead>
      <Panel aria-labelledby="splits-range">
        <h2 id="splits-range">
          <FormattedMessage id="marketing.range.heading" defaultMessage="Period" />
        </h2>
        <RangeFilters range={range} />
      </Panel>
      {splits.length && few ? (
        <Notice>
          <FormattedMessage id="marketing.splits.few" defaultMessage="Some variants have fewer than {count} visits: their intervals are still wide." values={{ count: FEW_VISITS }} />
        </Notice>
      ) : null}
      {splits.length ? (
        splits.map((split) => <SplitTable key={split.slug} split={split} scale={scale} />)
      ) : (
        <Panel>
          <Empty data-testid="splits-empty">
            <FormattedMessage id="marketing.splits.empty" defaultMessage="This site has no splits yet. They are defined in the tenant file under landers.splits." />
          </Empty>
        </Panel>
      )}
    </ConsolePage>
  );
}
