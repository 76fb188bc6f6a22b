// /audit[?staff=&action=&page=] (docs/network-console.md, docs/decisions/0051): the audit log for
// network admins, newest first, 50 a page, with its CSV (GET /api/network/audit.php?format=csv). An
// analyst gets 403, no session 303 to /login. The same query schema as the API (AuditQuerySchema).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { FormattedMessage } from 'react-intl';
import { readQueryString } from '~/.server/contract/request-input';
import { pageRefused, signedIn } from '~/.server/network/console-route';
import { auditLog, AuditQuerySchema, listStaff } from '~/.server/network/staff-admin';
import { AuditFilters, AuditPager, AuditTable } from '~/components/network/audit-table';
import { ConsoleMain } from '~/components/network/console-shell';
import { Card } from '~/components/network/parts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const network = signedIn(context);
  const raw = readQueryString(new URL(request.url).search.slice(1));
  const { query } = AuditQuerySchema.parse(raw.ok ? raw.value : {});
  const [log, staff] = await Promise.all([auditLog(network.db, network.actor, query), listStaff(network.db, network.actor)]);
  if (!log.ok || !staff.ok) pageRefused(network.locale);
  return {
    filter: { staffId: query.staffId, action: query.action, page: log.value.page },
    staff: staff.value.map(({ id, name, email }) => ({ id, name, email })),
    entries: log.value.entries.map(({ id, at, staff_email, action, detail, ip }) => ({ id, at, staff_email, action, detail, ip })),
    more: log.value.more,
    actions: log.value.actions,
  };
}

export default function Audit() {
  const { filter, staff, entries, more, actions } = useLoaderData<typeof loader>();
  return (
    <ConsoleMain>
      <Card>
        <h1>
          <FormattedMessage id="network.audit.title" defaultMessage="Audit log" />
        </h1>
        <AuditFilters filter={filter} staff={staff} actions={actions} />
      </Card>
      <Card>
        {entries.length ? (
          <AuditTable entries={entries} />
        ) : (
          <p>
            <FormattedMessage id="network.audit.empty" defaultMessage="Nothing matches these filters." />
          </p>
        )}
        <AuditPager filter={filter} more={more} />
      </Card>
    </ConsoleMain>
  );
}
