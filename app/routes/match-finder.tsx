// /match-finder: the profiles that fit the member best (docs/decisions/0015). ?t=<seconds> opens the
// like modal for the best match.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { MatchFinder } from '~/components/likes/match-finder';
import { matchFinderData } from '~/.server/likes/pages';

export function loader({ context, request }: LoaderFunctionArgs) {
  return matchFinderData(context, request);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.title }] : []);

export default MatchFinder;
