// The staff page's form posts (docs/network-console.md, docs/decisions/0051): `POST /staff/invite` and
// `POST /staff/<id>/{role,disable,enable,reset-totp}`, each a Remix action of its own route file that
// works without script — 303 back to /staff with `?done=` or `?error=`, 403 for someone whose role may
// not, 303 to /login without a session. Thin: the rules are staff-admin.ts's; this module only reads
// the form, calls the domain function and answers.
import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { readRequestBody } from '../contract/request-input';
import { signedIn, pageRefused } from './console-route';
import type { ConsoleContext } from './console-context';
import { changeStaffRole, disableStaff, enableStaff, resetStaffTotp, RoleSchema, StaffIdSchema, type AdminResult } from './staff-admin';
import { networkCan, type NetworkActor } from './staff';

type SignedIn = ConsoleContext & { actor: NetworkActor };

/** The form's fields as an object, or null when they cannot be read (control characters, too large, not a form). */
export async function formFields(request: Request): Promise<{ fields: Record<string, unknown> | null; refused: string[] }> {
  const read = await readRequestBody(request);
  if (read.ok && read.value && typeof read.value === 'object' && !Array.isArray(read.value)) return { fields: read.value as Record<string, unknown>, refused: [] };
  return { fields: null, refused: !read.ok && 'issues' in read ? read.issues.map((issue) => issue.path[0] ?? 'form') : [] };
}

/** Back to /staff with what happened, or the 403 page for someone who may not. */
export function staffAnswer(network: SignedIn, result: AdminResult<unknown>, done: string): Response {
  if (!result.ok && result.error === 'forbidden') pageRefused(network.locale);
  return redirect(result.ok ? `/staff?done=${done}` : `/staff?error=${result.error}`, 303);
}

type Run = (network: SignedIn, staffId: number, fields: Record<string, unknown>) => Promise<AdminResult> | null;

/** One `POST /staff/<id>/<action>`: the id from the path, the domain function, the answer. */
function staffAction(done: string, run: Run) {
  return async ({ request, context, params }: ActionFunctionArgs) => {
    const network = signedIn(context);
    const id = StaffIdSchema.safeParse(params.id);
    const { fields } = await formFields(request);
    const result = id.success && fields ? run(network, id.data, fields) : null;
    if (!result) {
      if (!networkCan(network.actor, 'staff')) pageRefused(network.locale);
      return redirect('/staff?error=invalid', 303);
    }
    return staffAnswer(network, await result, done);
  };
}

export const STAFF_ACTIONS = {
  role: staffAction('role', (network, staffId, fields) => {
    const input = RoleSchema.safeParse(fields);
    return input.success ? changeStaffRole(network.db, network.actor, { staffId, role: input.data.role }, network.client) : null;
  }),
  disable: staffAction('disabled', (network, staffId) => disableStaff(network.db, network.actor, { staffId }, network.client)),
  enable: staffAction('enabled', (network, staffId) => enableStaff(network.db, network.actor, { staffId }, network.client)),
  resetTotp: staffAction('totp_reset', (network, staffId) => resetStaffTotp(network.db, network.actor, { staffId }, network.client)),
};

/** A GET of a form-post address (a link preview, a reload): the staff page, changing nothing. */
export function backToStaff(): Response {
  return redirect('/staff', 303);
}
