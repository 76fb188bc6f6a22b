// Loader data of the likes pages, the swipe game and the match finder (docs/product.md §2): members only
// (a visitor goes to the login page), the page title in the member's language, and the likes
// badge's count.
import { redirect, type AppLoadContext } from '@remix-run/node';
import { regionName } from '../geo/regions';
import { serverMessage } from '../i18n/messages';
import { localize } from '../tenants/localize';
import { countNewLikes, likesPage, LIKES_TABS, type LikesTab } from './likes';
import { findMatches } from './match-finder';
import { SWIPE_LIKES_PER_DAY, swipeDeck } from './swipe';

function member(context: AppLoadContext) {
  const { user } = context;
  if (!user?.profile_id) throw redirect('/login');
  return { user };
}

function title(context: AppLoadContext, id: string): string {
  return `${serverMessage(context.locale, id)} – ${context.tenant.settings.name}`;
}

/** /likes (the received tab) and /likes/{type}; any other type is the 404 page. */
export async function likesPageData(context: AppLoadContext, request: Request, type: string) {
  if (!(LIKES_TABS as readonly string[]).includes(type)) throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
  const viewer = member(context);
  const page = Number(new URL(request.url).searchParams.get('page') ?? '1');
  const data = await likesPage(context.db, context.tenant, viewer, type as LikesTab, Number.isInteger(page) && page > 0 && page <= 1000 ? page : 1);
  if (!data) throw redirect('/login');
  return { ...data, title: title(context, 'likes.title') };
}

export async function swipeGameData(context: AppLoadContext) {
  const viewer = member(context);
  const deck = await swipeDeck(context.db, context.tenant, viewer);
  if (!deck) throw redirect('/login');
  return {
    deck,
    limit: SWIPE_LIKES_PER_DAY,
    fictionalWarning: localize(context.tenant.settings.fictional_warning.singular, context.locale, context.tenant),
    newLikes: await countNewLikes(context.db, context.tenant, viewer),
    title: title(context, 'likes.swipe.title'),
  };
}

export async function matchFinderData(context: AppLoadContext, request: Request) {
  const viewer = member(context);
  const raw = Object.fromEntries(new URL(request.url).searchParams);
  const found = await findMatches(context.db, context.tenant, viewer, raw);
  if (!found) throw redirect('/login');
  const own = await context.db.selectFrom('profiles').select(['country', 'region', 'city', 'interests']).where('id', '=', viewer.user.profile_id!).executeTakeFirstOrThrow();
  return {
    ...found,
    regionName: regionName(own.country, own.region),
    country: own.country,
    multipleCountries: context.tenant.settings.countries.length > 1,
    incomplete: own.interests.length === 0 || (!own.region && !own.city),
    title: title(context, 'likes.finder.title'),
  };
}
