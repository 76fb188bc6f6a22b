// /tenants/<id>/edit: a site's file through the brand wizard's form (docs/decisions/0053, 0054, 0066).
// Network admins only. POST intent=preview answers the page with the preview frames; intent=review
// shows the line diff against the site's current version; intent=save (from the diff) stores the file
// as the site's next version, unless the site changed since the diff was shown (409, the diff again).
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { serverMessage } from '~/.server/i18n/messages';
import { pageRefused, signedInWith } from '~/.server/network/console-route';
import { updateTenantFile, type FileObject } from '~/.server/network/wizard';
import { checkWizardForm, editedSite, formField, readWizardForm, wizardView, type FormState } from '~/.server/network/wizard-view';
import { WizardRoute } from '~/components/network/wizard-form';

function adminSite(context: LoaderFunctionArgs['context'], id: string) {
  const network = signedInWith(context, 'tenants');
  const site = editedSite(network.sites, id);
  if (!site) throw data(serverMessage(network.locale, 'error.notFound'), { status: 404 });
  return { network, site };
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { network, site } = adminSite(context, params.id ?? '');
  const lander = new URL(request.url).searchParams.get('lander') ?? '';
  const view = await wizardView(network, { lander }, { file: JSON.parse(site.text) as FileObject, editing: site.info, problems: null, like: site.text });
  return view ?? pageRefused(network.locale);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { network, site } = adminSite(context, params.id ?? '');
  const form = await readWizardForm(request, network.locale);
  const intent = formField(form, 'intent');
  const { file, problems } = checkWizardForm(form, site.info.id, network.sites);
  const answer = async (state: Omit<FormState, 'file' | 'editing' | 'like'>, status: number) => {
    const view = await wizardView(network, form, { file, editing: site.info, like: site.text, ...state });
    return view ? data(view, { status }) : pageRefused(network.locale);
  };
  if (intent === 'preview' || problems.length) return answer({ problems }, problems.length ? 400 : 200);
  if (intent !== 'save') return answer({ problems: [], diff: true }, 200);
  const result = await updateTenantFile(network.db, network.actor, { id: site.info.id, file, expected: formField(form, 'base_hash'), source: network.sites }, network.client);
  if (result.ok) throw redirect(`/tenants?saved=${encodeURIComponent(result.id)}`, 303);
  if (result.error === 'forbidden') pageRefused(network.locale);
  if (result.error === 'validation') return answer({ problems: result.problems }, 400);
  // The file changed since the diff was shown (or is gone): the diff against what is there now.
  return answer({ problems: ['(file): changed since the diff was shown; review it again'], diff: true }, 409);
}

export default WizardRoute;
