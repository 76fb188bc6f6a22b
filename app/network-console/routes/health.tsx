// /health (docs/network-console.md, docs/decisions/0052): what needs attention on each site now, for
// any network role; no session 303 to /login. The same function as GET /api/network/health.php.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { now } from '~/.server/clock';
import { QUEUE_STALE_SECONDS } from '~/.server/jobs/outbox-stats';
import { pageRefused, signedIn } from '~/.server/network/console-route';
import { COMPLAINT_DEADLINE_HOURS, DURATION_FIGURES, HEALTH_FIGURES, HEALTH_WINDOW_DAYS, networkHealth, type HealthFigure } from '~/.server/network/health';
import { ConsoleMain } from '~/components/network/console-shell';
import { HealthCards } from '~/components/network/health-cards';
import { Card, Muted } from '~/components/network/parts';
import { FormattedMessage } from 'react-intl';

/**
 * Lag under 15 minutes is the ordinary rhythm of reconciliation, a queue whose oldest due row waited
 * under QUEUE_STALE_SECONDS is being drained; any other figure needs attention when it is not 0.
 */
const needsAttention = (figure: HealthFigure, value: number) =>
  figure === 'reconciliation_lag_seconds' ? value > 900 : figure === 'queue_oldest_seconds' ? value > QUEUE_STALE_SECONDS : value > 0;

export async function loader({ context }: LoaderFunctionArgs) {
  const network = signedIn(context);
  const result = await networkHealth(network.db, network.actor, { tenants: network.sites.tenants(), at: now(), siteHome: network.siteHome, status: network.sites.status });
  if (!result.ok) pageRefused(network.locale);
  return {
    days: HEALTH_WINDOW_DAYS,
    hours: COMPLAINT_DEADLINE_HOURS,
    sites: result.value.map((site) => ({
      id: site.id,
      name: site.name,
      status: site.status,
      figures: HEALTH_FIGURES.map((figure) => ({
        figure,
        value: site.figures[figure],
        duration: DURATION_FIGURES.has(figure),
        attention: needsAttention(figure, site.figures[figure]),
        link: site.links[figure],
      })),
    })),
  };
}

export default function Health() {
  const { days, hours, sites } = useLoaderData<typeof loader>();
  return (
    <ConsoleMain>
      <Card>
        <h1>
          <FormattedMessage id="network.health.title" defaultMessage="Site health" />
        </h1>
        <Muted>
          <FormattedMessage
            id="network.health.note"
            defaultMessage="What needs attention on each site now. Postback and push failures count the last {days} days; complaints are overdue {hours} hours after they arrived. Each link opens the page of the site's own console that deals with it."
            values={{ days, hours }}
          />
        </Muted>
      </Card>
      <HealthCards sites={sites} />
    </ConsoleMain>
  );
}
