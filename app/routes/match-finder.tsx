// /match-finder: the profiles that fit the member best (docs/decisions/0015). ?t=<seconds> opens the
// like modal for the best match.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import type { RouteHandle } from '~/shared/shell';
import { fictionalIn } from '~/shared/shell';
import { MatchFinder } from '~/components/likes/match-finder';
import { matchFinderData } from '~/.server/likes/likes-pages';

export function loader({ context, request }: LoaderFunctionArgs) {
  return matchFinderData(context, request);
}

// The disclaimer speaks of one fictional profile or of several (issue 48 item 10).
export const handle: RouteHandle = { fictionalProfiles: (data) => fictionalIn((data as { matches?: { fictional: boolean }[] }).matches) };

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.title }] : []);

export default MatchFinder;
