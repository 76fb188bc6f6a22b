// /members/{id}/landing3/{slug?}: one profile as a lander (photo design), a variant by slug.
// Signing up from it goes to /members/{id}/signup: the new member lands in this profile's chat.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { landerPageData } from '~/.server/landers/lander-page';
import { landerHandle, landerMeta, LanderPage } from '~/components/landers/lander-route';

export const loader = ({ request, context }: LoaderFunctionArgs) => landerPageData(request, context, 'member');
export const handle = landerHandle;
export const meta = landerMeta;
export default LanderPage;
