// The tenant's team (docs/decisions/0029): an operator with the admin role invites operators from
// the web, gives them roles and takes them off the tenant. The invitation is the command line's
// (addOperator: a one-time set-password link, 72 hours), mailed to the invitee and never shown to
// the admin. An admin cannot take their own admin role away or remove themselves, so a tenant is
// never left without the admin who acted; the command line can always give the role again.
import type { Kysely } from 'kysely';
import type { Locale } from '~/shared/locales';
import type { OperatorRole, TeamMember } from '~/shared/operator-types';
import type { DB } from '../db/schema';
import { serverMessage } from '../i18n/messages';
import { enqueueMail } from '../mail/mail';
import type { Tenant } from '../tenants/schema';
import { addOperator, SET_PASSWORD_HOURS } from './accounts';
import { recordAudit } from './audit';
import type { OperatorActor } from './operator';
import { hasRole } from './roles';
import { SendRefused, sendSubject, takeSendSlot } from '../trust/send-limits';

export type TeamError = 'forbidden' | 'invalid_email' | 'no_roles' | 'not_found' | 'own_admin';

/** The operators of this tenant, for its admins; null for anyone else. */
export async function listTeam(db: Kysely<DB>, tenant: Tenant, actor: OperatorActor): Promise<TeamMember[] | null> {
  if (!hasRole(actor, tenant.id, 'admin')) return null;
  const rows = await db
    .selectFrom('operator_tenants')
    .innerJoin('operators', 'operators.id', 'operator_tenants.operator_id')
    .select(['operators.id', 'operators.name', 'operators.email', 'operators.password_hash', 'operators.last_login_at', 'operator_tenants.roles'])
    .where('operator_tenants.tenant_id', '=', tenant.id)
    .where('operators.status', '=', 'active')
    .orderBy('operators.name')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    roles: r.roles,
    invited: r.password_hash === null,
    lastLoginAt: r.last_login_at?.toISOString() ?? null,
    self: r.id === actor.id,
  }));
}

export interface InviteInput {
  email: string;
  name?: string;
  language: Locale;
  roles: OperatorRole[];
}

/** Invites an operator to this tenant with `roles` and mails them the set-password link (in `language`). */
export async function inviteOperator(
  db: Kysely<DB>,
  tenant: Tenant,
  actor: OperatorActor,
  input: InviteInput & { origin: string },
): Promise<{ ok: true; operatorId: number } | { ok: false; error: TeamError } | { ok: false; error: 'send_limit'; retryAfter: number }> {
  if (!hasRole(actor, tenant.id, 'admin')) return { ok: false, error: 'forbidden' };
  if (!input.roles.length) return { ok: false, error: 'no_roles' };
  const invited = await db.transaction().execute(async (trx) => {
    const added = await addOperator(trx, tenant, { email: input.email, name: input.name || undefined, language: input.language, roles: input.roles });
    if (!added.ok) return added;
    // Invitations per inviting operator and per invited address (docs/decisions/0038): a refusal
    // rolls the invitation back with the rest of the transaction.
    const slot = await takeSendSlot(trx, tenant.id, 'operator_invitation', [sendSubject.operator(actor.id), sendSubject.recipient(input.email)]);
    if (!slot.ok) throw new SendRefused(slot.retryAfter);
    await recordAudit(trx, { operatorId: actor.id, tenantId: tenant.id, action: 'invite', subjectOperatorId: added.operatorId, detail: { roles: input.roles } });
    const t = (id: string) => serverMessage(input.language, id, { site: tenant.settings.name, inviter: actor.name, hours: SET_PASSWORD_HOURS });
    await enqueueMail(trx, tenant, {
      kind: 'operator_invitation',
      priority: 'transactional',
      to: input.email.trim().toLowerCase(),
      locale: input.language,
      content: {
        subject: t('operator.team.mail.subject'),
        heading: t('operator.team.mail.heading'),
        paragraphs: [t('operator.team.mail.body')],
        action: { label: t('operator.team.mail.action'), url: `${input.origin}/operator/set-password?token=${encodeURIComponent(added.token)}` },
        footnote: t('operator.team.mail.footnote'),
      },
    });
    return { ok: true as const, operatorId: added.operatorId };
  }).catch((error: unknown) => {
    if (error instanceof SendRefused) return { ok: false as const, error: 'send_limit' as const, retryAfter: error.retryAfter };
    throw error;
  });
  return invited;
}

/** Gives an operator of this tenant new roles (at least one). */
export async function setTeamRoles(
  db: Kysely<DB>,
  tenant: Tenant,
  actor: OperatorActor,
  input: { operator: number; roles: OperatorRole[] },
): Promise<{ ok: true } | { ok: false; error: TeamError }> {
  if (!hasRole(actor, tenant.id, 'admin')) return { ok: false, error: 'forbidden' };
  if (!input.roles.length) return { ok: false, error: 'no_roles' };
  if (input.operator === actor.id && !input.roles.includes('admin')) return { ok: false, error: 'own_admin' };
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('operator_tenants')
      .set({ roles: input.roles })
      .where('operator_id', '=', input.operator)
      .where('tenant_id', '=', tenant.id)
      .returning('operator_id')
      .executeTakeFirst();
    if (!row) return { ok: false as const, error: 'not_found' as const };
    await recordAudit(trx, { operatorId: actor.id, tenantId: tenant.id, action: 'roles', subjectOperatorId: input.operator, detail: { roles: input.roles } });
    return { ok: true as const };
  });
}

/** Takes an operator off this tenant: their sessions on its hosts end at once. */
export async function removeFromTeam(db: Kysely<DB>, tenant: Tenant, actor: OperatorActor, input: { operator: number }): Promise<{ ok: true } | { ok: false; error: TeamError }> {
  if (!hasRole(actor, tenant.id, 'admin')) return { ok: false, error: 'forbidden' };
  if (input.operator === actor.id) return { ok: false, error: 'own_admin' };
  return db.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom('operator_tenants').where('operator_id', '=', input.operator).where('tenant_id', '=', tenant.id).returning('operator_id').executeTakeFirst();
    if (!row) return { ok: false as const, error: 'not_found' as const };
    await trx.deleteFrom('operator_sessions').where('operator_id', '=', input.operator).where('tenant_id', '=', tenant.id).execute();
    await recordAudit(trx, { operatorId: actor.id, tenantId: tenant.id, action: 'remove', subjectOperatorId: input.operator });
    return { ok: true as const };
  });
}
