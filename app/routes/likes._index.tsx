// /likes: the likes page on its default tab, received (docs/product.md §2 likes; docs/api.md).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import type { RouteHandle } from '~/shared/shell';
import { fictionalIn } from '~/shared/shell';
import { LikesView } from '~/components/likes/likes-view';
import { likesPageData } from '~/.server/likes/likes-pages';

export function loader({ context, request }: LoaderFunctionArgs) {
  return likesPageData(context, request, 'received');
}

// The disclaimer speaks of one fictional profile or of several (issue 48 item 10).
export const handle: RouteHandle = { fictionalProfiles: (data) => fictionalIn((data as { cards?: { fictional: boolean }[] }).cards) };

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.title }] : []);

export default LikesView;
