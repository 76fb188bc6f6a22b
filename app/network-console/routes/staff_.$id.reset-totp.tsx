// POST /staff/<id>/reset-totp (docs/network-console.md): a form post of the staff page, answered with 303 back
// to /staff (network/staff-actions.ts); a GET changes nothing and shows the staff page. A page route (its
// component never shows): a refusal renders the console's 403 page, as a page's does.
import { backToStaff, STAFF_ACTIONS } from '~/.server/network/staff-actions';

export const action = STAFF_ACTIONS.resetTotp;
export const loader = backToStaff;

export default function StaffAction() {
  return null;
}
