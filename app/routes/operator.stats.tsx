// /operator/stats: the team's overview (docs/decisions/0021) — queue length, median and 95th
// percentile of the time to answer, answers per operator, per site and day; over 1, 7 or 30 days,
// for one or all of the operator's sites.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData, useSubmit } from '@remix-run/react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { now } from '~/.server/clock';
import { operatorTenants, requireOperator } from '~/.server/operators/console';
import { operatorStats } from '~/.server/operators/stats';
import { STATS_PERIODS, type StatsPeriod } from '~/shared/operator-types';
import { FieldLabel, Muted, Panel, SmallButton, FilterBar } from '~/components/operators/parts';
import { Duration, useNow } from '~/components/operators/waiting-time';
import { ComplaintFigures } from '~/components/operators/complaint-figures';
import { AnswerTable, Wait } from '~/components/operators/answer-table';
import { complaintStats } from '~/.server/trust/moderation';
import { ConsolePage, consoleMeta } from '~/components/operators/console-page';

export async function loader({ context, request }: LoaderFunctionArgs) {
  const operator = requireOperator(context);
  const params = new URL(request.url).searchParams;
  const days = (STATS_PERIODS as readonly number[]).includes(Number(params.get('days'))) ? (Number(params.get('days')) as StatsPeriod) : 7;
  const tenant = operator.tenantIds.find((id) => id === params.get('tenant')) ?? '';
  const [stats, complaints] = await Promise.all([operatorStats(context.db, operator, { days, tenant: tenant || undefined }), complaintStats(context.db, operator, { days, tenant: tenant || undefined })]);
  return { stats, complaints, tenants: operatorTenants(context, operator), filter: { days, tenant }, now: now().toISOString() };
}

const texts = defineMessages({
  title: { id: 'operator.stats.title', defaultMessage: 'Statistics' },
  perOperator: { id: 'operator.stats.perOperator', defaultMessage: 'Per operator' },
  perDay: { id: 'operator.stats.perDay', defaultMessage: 'Per site and day' },
});

export const meta = consoleMeta(texts.title);


const Tiles = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space(3)};

  @media (min-width: ${({ theme }) => theme.breakpoints.md}px) {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
`;

const Tile = styled(Panel)`
  display: grid;
  align-content: start;
  gap: 4px;

  strong {
    font-size: ${({ theme }) => theme.fontSizes.xxl};
    line-height: 1.1;
  }
`;

const Tables = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(4)};
`;

export default function OperatorStatsPage() {
  const { stats, complaints, tenants, filter, now: serverNow } = useLoaderData<typeof loader>();
  const intl = useIntl();
  const submit = useSubmit();
  const clock = useNow(serverNow);
  const names = Object.fromEntries(tenants.map((t) => [t.id, t.name]));
  const oldest = stats.queue.oldestSince ? Math.max(0, Math.round((clock - new Date(stats.queue.oldestSince).getTime()) / 1000)) : null;
  return (
    <ConsolePage>
      <h1>
        <FormattedMessage id="operator.stats.title" defaultMessage="Statistics" />
      </h1>
      <Panel>
        <FilterBar method="get" onChange={(event) => submit(event.currentTarget)} aria-label={intl.formatMessage({ id: 'operator.stats.filters', defaultMessage: 'Choose the period and site' })}>
          <FieldLabel>
            <FormattedMessage id="operator.stats.period" defaultMessage="Period" />
            <select name="days" defaultValue={String(filter.days)}>
              {STATS_PERIODS.map((days) => (
                <option key={days} value={days}>
                  {intl.formatMessage({ id: 'operator.stats.days', defaultMessage: '{days, plural, one {Last 24 hours} other {Last # days}}' }, { days })}
                </option>
              ))}
            </select>
          </FieldLabel>
          <FieldLabel>
            <FormattedMessage id="operator.filter.tenant" defaultMessage="Site" />
            <select name="tenant" defaultValue={filter.tenant}>
              <option value="">{intl.formatMessage({ id: 'operator.filter.allTenants', defaultMessage: 'All my sites' })}</option>
              {tenants.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </select>
          </FieldLabel>
          <SmallButton type="submit">
            <FormattedMessage id="operator.filter.apply" defaultMessage="Filter" />
          </SmallButton>
        </FilterBar>
      </Panel>
      {complaints ? <ComplaintFigures stats={complaints} days={filter.days} /> : null}
      <Tiles>
        <Tile data-testid="stat-queue">
          <Muted>
            <FormattedMessage id="operator.stats.queue" defaultMessage="Waiting now" />
          </Muted>
          <strong>{stats.queue.waiting}</strong>
          <Muted>
            {oldest !== null ? (
              <FormattedMessage id="operator.stats.oldest" defaultMessage="longest: {time}" values={{ time: <Duration seconds={oldest} /> }} />
            ) : (
              <FormattedMessage id="operator.queue.empty" defaultMessage="No member is waiting for an answer." />
            )}
          </Muted>
        </Tile>
        <Tile data-testid="stat-answers">
          <Muted>
            <FormattedMessage id="operator.stats.answers" defaultMessage="Answers" />
          </Muted>
          <strong>{stats.overall.answers}</strong>
        </Tile>
        <Tile data-testid="stat-median">
          <Muted>
            <FormattedMessage id="operator.stats.median" defaultMessage="Median time to answer" />
          </Muted>
          <strong>
            <Wait seconds={stats.overall.median} />
          </strong>
        </Tile>
        <Tile data-testid="stat-p95">
          <Muted>
            <FormattedMessage id="operator.stats.p95" defaultMessage="95th percentile" />
          </Muted>
          <strong>
            <Wait seconds={stats.overall.p95} />
          </strong>
        </Tile>
      </Tiles>
      <Tables>
        <AnswerTable
          title={texts.perOperator}
          testId="stats-operators"
          heads={[<FormattedMessage key="operator" id="operator.stats.operator" defaultMessage="Operator" />]}
          rows={stats.perOperator.map((row) => ({ ...row, key: row.operator, cells: [row.operator] }))}
        />
        <AnswerTable
          title={texts.perDay}
          testId="stats-days"
          heads={[<FormattedMessage key="day" id="operator.stats.day" defaultMessage="Day" />, <FormattedMessage key="site" id="operator.filter.tenant" defaultMessage="Site" />]}
          rows={stats.perTenantDay.map((row) => ({
            ...row,
            key: `${row.day}-${row.tenantId}`,
            cells: [intl.formatDate(`${row.day}T12:00:00Z`, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }), names[row.tenantId] ?? row.tenantId],
          }))}
          note={<FormattedMessage id="operator.stats.note" defaultMessage="Time to answer: from a member's first unanswered message to the answer. Days in UTC." />}
        />
      </Tables>
    </ConsolePage>
  );
}
