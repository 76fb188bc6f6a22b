// /operator/complaints: the moderation queue (docs/decisions/0029) — complaints, members' reports and
// scam signals of the operator's moderation tenants, open ones oldest first; claim, decide with a
// statement of reasons, close. The domain (app/.server/trust/moderation.ts) decides everything.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { z } from 'zod';
import { idSchema } from '~/shared/request-rules';
import { serverMessage } from '~/.server/i18n/messages';
import { formAction } from '~/.server/contract/form-action';
import { consoleAction, consoleFailure, operatorTenants, requireRole } from '~/.server/operators/console';
import { claimComplaint, closeComplaint, complaintStats, decideComplaint, DecisionSchema, moderationQueue, type ModerationError } from '~/.server/trust/moderation';
import { ComplaintCard } from '~/components/operators/complaint-card';
import { ComplaintFigures } from '~/components/operators/complaint-figures';
import { ActionResult, QueueList } from '~/components/operators/queue-view';
import { ConsolePage, consoleMeta } from '~/components/operators/console-page';
import { PillTabs } from '~/components/operators/pill-tabs';

const STATUSES = ['open', 'decided', 'closed'] as const;

export async function loader({ context, request }: LoaderFunctionArgs) {
  const operator = requireRole(context, 'moderation');
  const status = STATUSES.find((s) => s === new URL(request.url).searchParams.get('status')) ?? 'open';
  const [items, stats] = await Promise.all([moderationQueue(context.db, operator, { status }), complaintStats(context.db, operator, { days: 30 })]);
  return { items, stats, status, tenants: operatorTenants(context, operator) };
}

const ActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('claim'), complaint: idSchema }),
  DecisionSchema.extend({ intent: z.literal('decide') }),
  z.object({ intent: z.literal('close'), complaint: idSchema }),
]);

const ERRORS: Record<ModerationError, string> = {
  not_found: 'moderation.error.notFound',
  claimed_by_other: 'moderation.error.claimed',
  not_claimed: 'moderation.error.notClaimed',
  not_open: 'moderation.error.notOpen',
  not_decided: 'moderation.error.notDecided',
  action_mismatch: 'moderation.error.actionMismatch',
};

export const action = consoleAction(
  formAction({
    body: ActionSchema,
    failure: consoleFailure,
    async handle({ context, body }) {
      const operator = requireRole(context, 'moderation');
      const { db, locale } = context;
      const result =
        body.intent === 'claim'
          ? await claimComplaint(db, operator, body)
          : body.intent === 'decide'
            ? await decideComplaint(db, operator, (id) => context.tenants.get(id), body, context.media)
            : await closeComplaint(db, operator, body);
      if (!result.ok) return { ok: false, text: serverMessage(locale, ERRORS[result.error]) };
      return { ok: true, text: serverMessage(locale, `moderation.done.${body.intent}`) };
    },
  }),
);

const texts = defineMessages({
  title: { id: 'moderation.title', defaultMessage: 'Complaints and reports' },
});

export const meta = consoleMeta(texts.title);


const tabNames = defineMessages({
  open: { id: 'moderation.status.open', defaultMessage: 'Open' },
  decided: { id: 'moderation.status.decided', defaultMessage: 'Decided' },
  closed: { id: 'moderation.status.closed', defaultMessage: 'Closed' },
});

export default function OperatorComplaints() {
  const { items, stats, status, tenants } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const intl = useIntl();
  const names = Object.fromEntries(tenants.map((t) => [t.id, t.name]));
  return (
    <ConsolePage $width={1100}>
      <h1>
        <FormattedMessage id="moderation.title" defaultMessage="Complaints and reports" />
      </h1>
      {stats ? <ComplaintFigures stats={stats} days={30} /> : null}
      <PillTabs aria-label={intl.formatMessage({ id: 'moderation.tabs', defaultMessage: 'Status' })}>
        {STATUSES.map((s) => (
          <Link key={s} to={`?status=${s}`} aria-current={s === status ? 'page' : undefined} data-testid={`tab-${s}`}>
            {intl.formatMessage(tabNames[s])}
          </Link>
        ))}
      </PillTabs>
      <ActionResult result={result} testId="moderation-result" />
      <QueueList count={items.length} testId="moderation-queue" emptyTestId="moderation-empty" empty={<FormattedMessage id="moderation.empty" defaultMessage="Nothing here." />}>
        {items.map((item) => (
          <ComplaintCard key={item.id} complaint={item} tenantName={tenants.length > 1 ? (names[item.tenantId] ?? item.tenantId) : null} />
        ))}
      </QueueList>
    </ConsolePage>
  );
}
