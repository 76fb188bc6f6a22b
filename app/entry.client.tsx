// The sites' browser entry: hydrates once the page's catalogue has run (components/app/browser-entry.tsx).
import { hydrateWhenCatalogued } from './components/app/browser-entry';

hydrateWhenCatalogued();
