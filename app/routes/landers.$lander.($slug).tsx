// /landers/{lander}/{slug?} (docs/product.md §2): the nine landers. Which lander and variant is resolved before
// Remix by the visit recorder (app/.server/http/visit-recorder.ts), which also counts the visit;
// an unknown lander or slug is the 404 page (docs/decisions/0027).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { landerPageData } from '~/.server/landers/lander-page';
import { landerHandle, landerMeta, LanderPage } from '~/components/landers/lander-route';

export const loader = ({ request, context }: LoaderFunctionArgs) => landerPageData(request, context, 'lander');
export const handle = landerHandle;
export const meta = landerMeta;
export default LanderPage;
