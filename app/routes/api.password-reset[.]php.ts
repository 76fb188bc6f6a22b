// /api/password-reset.php: served by the API router from app/.server/api/registry.ts (docs/decisions/0041).
export { loader, action } from '~/.server/api/remix-routes';
