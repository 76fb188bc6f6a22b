// The keys of the values a loader hands the server render only (app/components/app/server-only.tsx,
// docs/decisions/0025): shared, so that a server module names one without importing a component.

/** The text of a static page (/pages/…, /complaints). */
export const STATIC_PAGE_TEXT = 'static-page-text';
