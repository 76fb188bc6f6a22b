// /operator/marketing/splits: the split report (docs/decisions/0028, 0064) — for each split of the
// tenant file its optimisation (mode, every variant's evidence so far, the probability of being best,
// the current weights and their history) with the marketer's switches (auto toward a goal, back to
// fixed weights, freeze the winner), and below it each variant's visits, signups, conversion rate and
// Wilson 95 % interval over a date range. The domain (app/.server/splits/optimise.ts) decides everything.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { z } from 'zod';
import { now } from '~/.server/clock';
import { formAction } from '~/.server/contract/form-action';
import { serverMessage } from '~/.server/i18n/messages';
import { reportRange } from '~/.server/marketing/range';
import { splitReport } from '~/.server/marketing/reports';
import { consoleAction, consoleFailure, requireTenantRole } from '~/.server/operators/console';
import { setSplitMode, splitOptimisation } from '~/.server/splits/optimise';
import { SPLIT_GOALS } from '~/shared/marketing-types';
import { ConsolePage, consoleMeta } from '~/components/operators/console-page';
import { Notice, Panel } from '~/components/operators/parts';
import { MarketingHead } from '~/components/marketing/marketing-nav';
import { Empty } from '~/components/marketing/parts';
import { RangeFilters } from '~/components/marketing/range-filters';
import { SplitActionNotice, SplitOptimisationPanel } from '~/components/marketing/split-optimisation';
import { SplitTable } from '~/components/marketing/split-table';

export async function loader({ context, request }: LoaderFunctionArgs) {
  const operator = requireTenantRole(context, 'marketing');
  const range = reportRange(new URL(request.url).searchParams);
  const [result, optimisation] = await Promise.all([splitReport(context.db, context.tenant, operator, range), splitOptimisation(context.db, context.tenant, operator)]);
  if (!result.ok || !optimisation.ok) throw new Response('Forbidden', { status: 403 });
  return { range, splits: result.value, optimisation: optimisation.value, now: now().toISOString() };
}

const Split = z.string().trim().min(1).max(60);
const ActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('auto'), split: Split, goal: z.enum(SPLIT_GOALS) }),
  z.object({ intent: z.literal('fixed'), split: Split }),
  z.object({ intent: z.literal('freeze'), split: Split, winner: Split }),
]);

export const action = consoleAction(
  formAction({
    body: ActionSchema,
    failure: consoleFailure,
    async handle({ context, body }) {
      const operator = requireTenantRole(context, 'marketing');
      const input = body.intent === 'auto' ? { split: body.split, mode: 'auto' as const, goal: body.goal } : body.intent === 'fixed' ? { split: body.split, mode: 'fixed' as const } : { split: body.split, mode: 'frozen' as const, winner: body.winner };
      const result = await setSplitMode(context.db, context.tenant, operator, input);
      if (!result.ok) {
        if (result.error === 'forbidden') throw new Response('Forbidden', { status: 403 });
        return { ok: false, text: serverMessage(context.locale, result.error === 'not_found' ? 'marketing.splits.error.notFound' : 'marketing.splits.error.variant') };
      }
      return { ok: true, text: serverMessage(context.locale, `marketing.splits.done.${body.intent}`, { split: body.split, variant: body.intent === 'freeze' ? body.winner : '' }) };
    },
  }),
);

const texts = defineMessages({
  title: { id: 'marketing.splits.title', defaultMessage: 'Splits' },
});

export const meta = consoleMeta(texts.title);

/** Below this many visits per variant an interval is too wide to pick a winner. */
const FEW_VISITS = 100;

export default function MarketingSplits() {
  const { range, splits, optimisation, now } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
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
      <SplitActionNotice result={result} />
      {optimisation.map((split) => (
        <SplitOptimisationPanel key={split.slug} split={split} now={now} />
      ))}
      <Panel aria-labelledby="splits-range">
        <h2 id="splits-range">
          <FormattedMessage id="marketing.splits.period" defaultMessage="Signups by period" />
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
