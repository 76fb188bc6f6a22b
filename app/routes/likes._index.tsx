// /likes: the likes page on its default tab, received (SPEC §2 likes; docs/api.md).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { LikesView } from '~/components/likes/likes-view';
import { likesPageData } from '~/.server/likes/pages';

export function loader({ context, request }: LoaderFunctionArgs) {
  return likesPageData(context, request, 'received');
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.title }] : []);

export default LikesView;
