// The network console's browser entry (docs/decisions/0072): as the sites' (components/app/browser-entry.tsx).
import { hydrateWhenCatalogued } from '~/components/app/browser-entry';

hydrateWhenCatalogued();
