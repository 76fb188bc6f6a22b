// /swipe-game: one profile at a time, like or pass (docs/product.md §2 swipe-game, §9: 4 likes a day).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { SwipeGame } from '~/components/likes/swipe-game';
import { swipeGameData } from '~/.server/likes/likes-pages';

export function loader({ context }: LoaderFunctionArgs) {
  return swipeGameData(context);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.title }] : []);

export default function SwipeGamePage() {
  const data = useLoaderData<typeof loader>();
  return <SwipeGame deck={data.deck} limit={data.limit} fictionalWarning={data.fictionalWarning} />;
}
