// /complaints (SPEC §2): the complaints procedure, the same page as /pages/complaints.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { pageMeta } from '~/components/app/page-meta';
import { StaticPageView } from '~/components/pages/static-page';
import { staticPageData } from '~/.server/content/static-page-data';

export function loader({ context }: LoaderFunctionArgs) {
  return staticPageData(context, 'complaints');
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? pageMeta(matches, data.title, data.description) : []);

export default function Complaints() {
  const page = useLoaderData<typeof loader>();
  return <StaticPageView title={page.title} html={page.html} updated={page.updated} />;
}
