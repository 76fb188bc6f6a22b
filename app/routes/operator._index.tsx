// /operator: the queue (docs/decisions/0021) — members waiting for an answer from a fictional
// profile, oldest first, with waiting times, claims and flags; filtered by tenant and profile;
// reloaded live when the queue changes (operator.tsx).
import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData, useSubmit } from '@remix-run/react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { now } from '~/.server/clock';
import { cdnPrefixOf, consoleHome, operatorTenants, requireOperator, requireRole } from '~/.server/operators/console';
import { tenantsWithRole } from '~/.server/operators/roles';
import { operatorQueue } from '~/.server/operators/queue';
import { parseId } from '~/shared/request-rules';
import { FieldLabel, Muted, Panel, SmallButton, FilterBar } from '~/components/operators/parts';
import { QueueList } from '~/components/operators/queue-list';
import { useNow } from '~/components/operators/waiting-time';
import { ConsolePage, consoleMeta } from '~/components/operators/console-page';

export async function loader({ context, request }: LoaderFunctionArgs) {
  const operator = requireOperator(context);
  // The queue is the answerers' home; an operator with other roles starts at their own work.
  if (!tenantsWithRole(operator, 'answering').length) {
    const home = consoleHome(operator);
    if (home && home !== '/operator') throw redirect(home);
    requireRole(context, 'answering');
  }
  const params = new URL(request.url).searchParams;
  const tenant = tenantsWithRole(operator, 'answering').find((id) => id === params.get('tenant')) ?? '';
  const profile = parseId(params.get('profile') ?? undefined);
  const queue = await operatorQueue(context.db, operator, { tenant: tenant || undefined, profile: profile ?? undefined }, cdnPrefixOf(context));
  return { queue, tenants: operatorTenants(context, operator), filter: { tenant, profile: profile ?? '' }, now: now().toISOString() };
}

const texts = defineMessages({
  title: { id: 'operator.queue.title', defaultMessage: 'Waiting members' },
});

export const meta = consoleMeta(texts.title);


const Heading = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: ${({ theme }) => theme.space(3)};

  h1 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
`;

const Live = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  color: #146c3a;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 700;

  &::before {
    content: '';
    width: 8px;
    height: 8px;
    border-radius: 50%;
    background: #1f9d55;
  }
`;

const Empty = styled(Panel)`
  padding: ${({ theme }) => theme.space(10)} ${({ theme }) => theme.space(4)};
  text-align: center;

  p {
    margin: 0;
  }
`;

export default function OperatorQueue() {
  const { queue, tenants, filter, now: serverNow } = useLoaderData<typeof loader>();
  const intl = useIntl();
  const clock = useNow(serverNow);
  const submit = useSubmit();
  const tenantNames = Object.fromEntries(tenants.map((t) => [t.id, t.name]));
  return (
    <ConsolePage>
      <Heading>
        <h1>
          <FormattedMessage id="operator.queue.title" defaultMessage="Waiting members" />
        </h1>
        <Muted data-testid="queue-total">
          <FormattedMessage id="operator.queue.count" defaultMessage="{count, plural, one {# conversation} other {# conversations}}" values={{ count: queue.total }} />
        </Muted>
        <Live>
          <FormattedMessage id="operator.live" defaultMessage="Live" />
        </Live>
      </Heading>
      <Panel>
        <FilterBar $field={200} method="get" onChange={(event) => submit(event.currentTarget)} aria-label={intl.formatMessage({ id: 'operator.queue.filters', defaultMessage: 'Filter the queue' })}>
          <FieldLabel>
            <FormattedMessage id="operator.filter.tenant" defaultMessage="Site" />
            <select name="tenant" defaultValue={filter.tenant}>
              <option value="">{intl.formatMessage({ id: 'operator.filter.allTenants', defaultMessage: 'All my sites' })}</option>
              {tenants.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name} ({queue.tenants.find((q) => q.id === t.id)?.waiting ?? 0})
                </option>
              ))}
            </select>
          </FieldLabel>
          <FieldLabel>
            <FormattedMessage id="operator.filter.profile" defaultMessage="Profile" />
            <select name="profile" defaultValue={String(filter.profile)}>
              <option value="">{intl.formatMessage({ id: 'operator.filter.allProfiles', defaultMessage: 'All profiles' })}</option>
              {queue.profiles.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name} ({p.waiting})
                </option>
              ))}
            </select>
          </FieldLabel>
          <SmallButton type="submit">
            <FormattedMessage id="operator.filter.apply" defaultMessage="Filter" />
          </SmallButton>
        </FilterBar>
      </Panel>
      {queue.items.length ? (
        <QueueList items={queue.items} now={clock} tenantNames={tenantNames} showTenant={tenants.length > 1} />
      ) : (
        <Empty data-testid="queue-empty">
          <p>
            <strong>
              <FormattedMessage id="operator.queue.empty" defaultMessage="No member is waiting for an answer." />
            </strong>
          </p>
          <p>
            <Muted>
              <FormattedMessage id="operator.queue.emptyHint" defaultMessage="New messages appear here by themselves." />
            </Muted>
          </p>
        </Empty>
      )}
    </ConsolePage>
  );
}
