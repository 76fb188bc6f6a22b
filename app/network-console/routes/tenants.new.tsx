// /tenants/new[?from=<id>]: the brand wizard for a new site (docs/decisions/0053), from an empty file
// or a copy of a site's. Network admins only. POST intent=preview answers the page with the preview
// frames of the draft (without script; with it the form previews as one types, api/drafts.ts);
// intent=save checks the file with tenant:check's rules and, if it passes, launches the site.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { pageRefused, signedInWith } from '~/.server/network/console-route';
import { createTenantFile } from '~/.server/network/tenants';
import { startingFile, type FileObject } from '~/.server/network/wizard';
import { checkWizardForm, formField, readWizardForm, wizardView } from '~/.server/network/wizard-view';
import { WizardRoute } from '~/components/network/wizard-form';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const network = signedInWith(context, 'tenants');
  const query = new URL(request.url).searchParams;
  const from = network.sites.tenants().find((tenant) => tenant.id === query.get('from')) ?? null;
  const raw = from ? network.sites.text(from.id) : null;
  const file = startingFile(from, raw === null ? null : (JSON.parse(raw) as FileObject));
  const view = await wizardView(network, { lander: query.get('lander') ?? '' }, { file, editing: null, problems: null });
  return view ?? pageRefused(network.locale);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const network = signedInWith(context, 'tenants');
  const form = await readWizardForm(request, network.locale);
  const { file, problems } = checkWizardForm(form, null, network.sites);
  const answer = async (shown: string[]) => {
    const view = await wizardView(network, form, { file, editing: null, problems: shown });
    return view ? data(view, { status: shown.length ? 400 : 200 }) : pageRefused(network.locale);
  };
  if (formField(form, 'intent') !== 'save' || problems.length) return answer(problems);
  const result = await createTenantFile(network.db, network.actor, { file, source: network.sites }, network.client);
  if (!result.ok) return result.error === 'forbidden' ? pageRefused(network.locale) : answer(result.error === 'validation' ? result.problems : []);
  // This instance answers on the new hosts already (createTenantFile); the others follow within seconds (tenants/sites.ts).
  throw redirect(`/tenants?created=${encodeURIComponent(result.id)}`, 303);
}

export default WizardRoute;
