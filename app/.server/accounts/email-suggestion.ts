// Moved to app/shared/ so that the signup form suggests the address as the visitor types it.
export { suggestEmail } from '~/shared/email-suggestion';
