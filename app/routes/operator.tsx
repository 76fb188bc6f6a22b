// /operator…: the operator console's frame (docs/decisions/0021) — only for a logged-in operator
// (else the console's login page), in the operator's own language, live through /operator/events.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { Outlet, useLoaderData } from '@remix-run/react';
import { requireOperator } from '~/.server/operators/console';
import { rolesAnywhere } from '~/.server/operators/roles';
import { ConsoleHeader } from '~/components/operators/console-header';
import { useOperatorLiveUpdates } from '~/components/operators/live-updates';
import { ConsoleFrame } from '~/components/operators/parts';
import type { RouteHandle } from '~/shared/shell';

export const handle: RouteHandle = { layout: 'operator' };

export function loader({ context }: LoaderFunctionArgs) {
  const operator = requireOperator(context);
  return { operator: { name: operator.name, language: operator.language, roles: rolesAnywhere(operator) }, tenantName: context.tenant.settings.name };
}

export default function OperatorConsole() {
  const { operator, tenantName } = useLoaderData<typeof loader>();
  useOperatorLiveUpdates();
  return (
    <ConsoleFrame>
      <ConsoleHeader operatorName={operator.name} language={operator.language} roles={operator.roles} tenantName={tenantName} />
      <main id="main">
        <Outlet />
      </main>
    </ConsoleFrame>
  );
}
