// /tenants: the sites of the network (docs/network-console.md, decision 0053) — each with its domains
// and status; for an admin the way to edit, pause, resume or archive it, and where a new brand starts
// (an empty file or a copy of a site's). After a launch, a save or a status change it says so.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { serverMessage } from '~/.server/i18n/messages';
import { signedIn } from '~/.server/network/console-route';
import { networkCan } from '~/.server/network/staff';
import { ConsoleMain } from '~/components/network/console-shell';
import { Card } from '~/components/network/parts';
import { W } from '~/components/network/wizard-messages';
import { Button, ButtonLink, Hint, Saved, SiteList, Templates } from '~/components/network/wizard-parts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { locale, actor, sites } = signedIn(context);
  const query = new URL(request.url).searchParams;
  const tenants = sites.tenants();
  const named = (key: string) => tenants.find((t) => t.id === query.get(key));
  const created = named('created');
  const saved = named('saved');
  const changed = named('status');
  const refused = named('refused');
  const notice = created
    ? serverMessage(locale, 'network.wizard.created', { name: created.settings.name, host: created.domains[0] ?? '' })
    : saved
      ? serverMessage(locale, 'network.wizard.saved', { name: saved.settings.name })
      : changed
        ? serverMessage(locale, `network.sites.now.${sites.status(changed.id)}`, { name: changed.settings.name })
        : refused
          ? serverMessage(locale, 'network.sites.refused', { name: refused.settings.name })
          : null;
  return {
    notice,
    canEdit: networkCan(actor, 'tenants'),
    sites: tenants.map((t) => ({ id: t.id, name: t.settings.name, domains: t.domains, status: sites.status(t.id) })),
  };
}

type Site = ReturnType<typeof useLoaderData<typeof loader>>['sites'][number];

/** Pause / resume / archive for one site (tenants/status.ts); archiving needs its box ticked. */
function StatusForms({ site }: { site: Site }) {
  const intl = useIntl();
  const action = `/tenants/${encodeURIComponent(site.id)}/status`;
  return (
    <>
      <Form method="post" action={action}>
        <input type="hidden" name="status" value={site.status === 'paused' ? 'active' : 'paused'} />
        <Button type="submit" $secondary>
          {intl.formatMessage(site.status === 'paused' ? W['sites.resume'] : W['sites.pause'], { name: site.name })}
        </Button>
      </Form>
      <Form method="post" action={action}>
        <input type="hidden" name="status" value="archived" />
        <label>
          <input type="checkbox" name="confirm" value="yes" required />
          <FormattedMessage {...W['sites.archiveConfirm']} />
        </label>
        <Button type="submit" $secondary>
          {intl.formatMessage(W['sites.archive'], { name: site.name })}
        </Button>
      </Form>
    </>
  );
}

export default function Sites() {
  const { notice, canEdit, sites } = useLoaderData<typeof loader>();
  const intl = useIntl();
  return (
    <ConsoleMain>
      {notice ? <Saved role="status">{notice}</Saved> : null}
      <Card>
        <h1>
          <FormattedMessage {...W['wizard.sitesTitle']} />
        </h1>
        <SiteList>
          {sites.map((site) => (
            <li key={site.id} data-site={site.id}>
              <span className="who">
                <span>
                  <strong>{site.name}</strong>
                  {site.status === 'active' ? null : (
                    <span className="badge" data-status={site.status}>
                      {intl.formatMessage(site.status === 'paused' ? W['sites.status.paused'] : W['sites.status.archived'])}
                    </span>
                  )}
                </span>
                <span className="domains">{site.domains.join(' · ')}</span>
              </span>
              {canEdit && site.status !== 'archived' ? (
                <span className="tools">
                  <ButtonLink to={`/tenants/${encodeURIComponent(site.id)}/edit`} $secondary>
                    {intl.formatMessage(W['wizard.edit'], { name: site.name })}
                  </ButtonLink>
                  <StatusForms site={site} />
                </span>
              ) : null}
            </li>
          ))}
        </SiteList>
      </Card>
      <Card>
        {canEdit ? (
          <>
            <h2>
              <FormattedMessage {...W['wizard.newTitle']} />
            </h2>
            <Hint>
              <FormattedMessage {...W['wizard.startHint']} />
            </Hint>
            <Templates>
              <ButtonLink to="/tenants/new">
                <FormattedMessage {...W['wizard.startEmpty']} />
              </ButtonLink>
              {sites.map((site) => (
                <ButtonLink key={site.id} to={`/tenants/new?from=${encodeURIComponent(site.id)}`} $secondary>
                  {intl.formatMessage(W['wizard.startFrom'], { name: site.name })}
                </ButtonLink>
              ))}
            </Templates>
          </>
        ) : (
          <Hint>
            <FormattedMessage {...W['wizard.adminsOnly']} />
          </Hint>
        )}
      </Card>
    </ConsoleMain>
  );
}
