// /members/{id}/landing (docs/product.md §2 members-id-landing): one profile as a lander, no slug.
// Signing up from it goes to /members/{id}/signup: the new member lands in this profile's chat.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { landerPageData } from '~/.server/landers/lander-page';
import { landerHandle, landerMeta, LanderPage } from '~/components/landers/lander-route';

export const loader = ({ request, context }: LoaderFunctionArgs) => landerPageData(request, context, 'member');
export const handle = landerHandle;
export const meta = landerMeta;
export default LanderPage;
