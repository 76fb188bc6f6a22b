// /pages/{token}: terms, privacy, cookies, faq, return-policy, service, ban and complaints, built for
// the tenant from its company info and settings, in the visitor's language.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { pageMeta } from '~/components/app/page-meta';
import { StaticPageView } from '~/components/pages/static-page';
import { staticPageData } from '~/.server/content/static-page';
import type { RouteHandle } from '~/shared/shell';

export function loader({ params, context }: LoaderFunctionArgs) {
  return staticPageData(context, params.token);
}

// Asleep for visitors until they act (docs/decisions/0042); a member's page hydrates at once.
export const handle: RouteHandle = { hydrate: 'visitors' };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? pageMeta(matches, data.title, data.description) : []);

export default function StaticPageRoute() {
  const page = useLoaderData<typeof loader>();
  return <StaticPageView title={page.title} html={page.html} updated={page.updated} />;
}
