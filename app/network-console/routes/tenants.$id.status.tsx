// POST /tenants/<id>/status: pause, resume or archive a site (tenants/status.ts, docs/network-console.md);
// network admins only, archiving only with its box ticked. Answers the sites list, which says what changed.
import { data, redirect, type ActionFunctionArgs } from '@remix-run/node';
import { serverMessage } from '~/.server/i18n/messages';
import { readRequestBody } from '~/.server/contract/request-input';
import { pageRefused, signedInWith } from '~/.server/network/console-route';
import { setSiteStatus } from '~/.server/network/site-status';
import { formField, WizardFormSchema } from '~/.server/network/wizard-view';

export async function action({ request, params, context }: ActionFunctionArgs) {
  const network = signedInWith(context, 'tenants');
  const { locale, actor } = network;
  const id = params.id ?? '';
  const read = await readRequestBody(request);
  const parsed = WizardFormSchema.safeParse(read.ok ? read.value : {});
  const form = parsed.success ? parsed.data : {};
  const status = formField(form, 'status');
  const refused = redirect(`/tenants?refused=${encodeURIComponent(id)}`, 303);
  if (status === 'archived' && formField(form, 'confirm') !== 'yes') return refused;
  const result = await setSiteStatus(network.db, actor, { id, status, source: network.sites }, network.client);
  if (result.ok) return redirect(`/tenants?status=${encodeURIComponent(result.id)}`, 303);
  if (result.error === 'not_found') throw data(serverMessage(locale, 'error.notFound'), { status: 404 });
  if (result.error === 'forbidden') pageRefused(locale);
  return refused;
}
