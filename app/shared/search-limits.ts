// Search limits the server enforces and the search page states (decision 0031).

/** docs/product.md §6's "limited search" for visitors: every filter, but only the first pages; members see every page. */
export const VISITOR_MAX_PAGES = 3;

/** The distance filter's choices in km (search_fields `distance`), offered once the viewer's location is known. */
export const DISTANCES_KM = [10, 25, 50, 100, 250] as const;
