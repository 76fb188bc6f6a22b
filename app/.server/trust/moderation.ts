// The moderation queue (docs/decisions/0029): complaints, reports and scam signals of the tenants
// where the operator holds the moderation role — nothing else is visible or writable. A claim holds
// a complaint for CLAIM_MINUTES (a conditional UPDATE: of two moderators exactly one gets it); only
// the holder decides; a decision needs a statement of reasons, which is mailed to the complainant
// (in their language) and, when an action was taken, to the member concerned; closing ends it.
import { sql, type Kysely, type Transaction } from 'kysely';
import { z } from 'zod';
import { COMPLAINT_ACTIONS, type ComplaintAction, type ComplaintStats, type ComplaintView } from '~/shared/complaint-types';

export type { ComplaintStats };
import { isLocale, type Locale } from '~/shared/locales';
import { idSchema, text } from '~/shared/request-rules';
import { now } from '../clock';
import type { DB } from '../db/schema';
import { serverMessage } from '../i18n/messages';
import { enqueueMail } from '../mail/mail';
import { deleteUnreachable, type MediaStorage } from '../media/storage';
import { recordAudit } from '../operators/audit';
import type { OperatorActor } from '../operators/operator';
import { tenantsWithRole } from '../operators/roles';
import type { Tenant } from '../tenants/schema';
import { CLAIM_MINUTES, REASONS_MIN } from './complaints';

export const DecisionSchema = z.object({
  complaint: idSchema,
  decision: z.enum(['action_taken', 'no_action'], { message: 'validation.choice' }),
  action: z.enum(COMPLAINT_ACTIONS, { message: 'validation.choice' }),
  reasons: text(4000).pipe(z.string().min(REASONS_MIN, { message: 'moderation.error.reasons' })),
});

export type ModerationError = 'not_found' | 'claimed_by_other' | 'not_claimed' | 'not_open' | 'not_decided' | 'action_mismatch';

const scope = (operator: OperatorActor) => tenantsWithRole(operator, 'moderation');

function baseQuery(db: Kysely<DB>, tenants: string[]) {
  return db
    .selectFrom('complaints as c')
    .leftJoin('profiles as p', 'p.id', 'c.profile_id')
    .leftJoin('operators as holder', 'holder.id', 'c.claimed_by')
    .leftJoin('operators as judge', 'judge.id', 'c.decided_by')
    .select([
      'c.id',
      'c.tenant_id',
      'c.reference',
      'c.source',
      'c.category',
      'c.status',
      'c.created_at',
      'c.description',
      'c.reporter_user_id',
      'c.reporter_email',
      'c.evidence',
      'c.claimed_by',
      'c.claimed_until',
      'holder.name as holder_name',
      'c.decision',
      'c.action',
      'c.reasons',
      'c.decided_at',
      'judge.name as judge_name',
      'c.closed_at',
      'p.id as profile_id',
      'p.name as profile_name',
    ])
    .where('c.tenant_id', 'in', tenants);
}

type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

function view(row: Row, operator: OperatorActor): ComplaintView {
  const at = now();
  const held = row.claimed_by !== null && row.claimed_until !== null && row.claimed_until > at;
  return {
    id: row.id,
    tenantId: row.tenant_id,
    reference: row.reference,
    source: row.source,
    category: row.category,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    description: row.description,
    // Moderators see who complained only as a kind: the complainant's address stays out of the console.
    reporter: row.reporter_user_id !== null ? 'member' : row.reporter_email ? 'visitor' : 'system',
    profile: row.profile_id !== null ? { id: row.profile_id, name: row.profile_name ?? '' } : null,
    evidence: row.evidence,
    claim: held ? { operator: row.holder_name ?? '', until: row.claimed_until!.toISOString(), mine: row.claimed_by === operator.id } : null,
    decision:
      row.decision && row.decided_at
        ? { decision: row.decision, action: row.action ?? 'none', reasons: row.reasons ?? '', at: row.decided_at.toISOString(), by: row.judge_name }
        : null,
    closedAt: row.closed_at?.toISOString() ?? null,
  };
}

export async function moderationQueue(db: Kysely<DB>, operator: OperatorActor, filter: { status?: 'open' | 'decided' | 'closed' } = {}): Promise<ComplaintView[]> {
  const tenants = scope(operator);
  if (!tenants.length) return [];
  const rows = await baseQuery(db, tenants)
    .where('c.status', '=', filter.status ?? 'open')
    .orderBy('c.created_at', filter.status && filter.status !== 'open' ? 'desc' : 'asc')
    .limit(200)
    .execute();
  return rows.map((r) => view(r, operator));
}

export async function complaintFor(db: Kysely<DB>, operator: OperatorActor, id: number): Promise<ComplaintView | null> {
  const tenants = scope(operator);
  if (!tenants.length) return null;
  const row = await baseQuery(db, tenants).where('c.id', '=', id).executeTakeFirst();
  return row ? view(row, operator) : null;
}

export async function claimComplaint(db: Kysely<DB>, operator: OperatorActor, input: { complaint: number }): Promise<{ ok: true } | { ok: false; error: ModerationError }> {
  const tenants = scope(operator);
  if (!tenants.length) return { ok: false, error: 'not_found' };
  return db.transaction().execute(async (trx) => {
    const at = now();
    const claimed = await trx
      .updateTable('complaints')
      .set({ claimed_by: operator.id, claimed_until: new Date(at.getTime() + CLAIM_MINUTES * 60_000) })
      .where('id', '=', input.complaint)
      .where('tenant_id', 'in', tenants)
      .where('status', '=', 'open')
      .where((eb) => eb.or([eb('claimed_by', 'is', null), eb('claimed_by', '=', operator.id), eb('claimed_until', '<=', at)]))
      .returning('tenant_id')
      .executeTakeFirst();
    if (!claimed) {
      const exists = await trx.selectFrom('complaints').select('status').where('id', '=', input.complaint).where('tenant_id', 'in', tenants).executeTakeFirst();
      return { ok: false as const, error: !exists ? 'not_found' : exists.status !== 'open' ? 'not_open' : 'claimed_by_other' };
    }
    await recordAudit(trx, { operatorId: operator.id, tenantId: claimed.tenant_id, action: 'complaint_claim', complaintId: input.complaint });
    return { ok: true as const };
  });
}

/** Decides a complaint the operator holds; mails the statement of reasons. `tenantOf` gives the tenant for the mails. */
export async function decideComplaint(
  db: Kysely<DB>,
  operator: OperatorActor,
  tenantOf: (id: string) => Tenant | undefined,
  input: z.infer<typeof DecisionSchema>,
  media: MediaStorage,
): Promise<{ ok: true } | { ok: false; error: ModerationError }> {
  const tenants = scope(operator);
  if (!tenants.length) return { ok: false, error: 'not_found' };
  // "No action" names no action; "action taken" names one.
  if ((input.decision === 'no_action') !== (input.action === 'none')) return { ok: false, error: 'action_mismatch' };
  const removedFiles: string[] = [];
  const result = await db.transaction().execute(async (trx): Promise<{ ok: true } | { ok: false; error: ModerationError }> => {
    const at = now();
    const decided = await trx
      .updateTable('complaints')
      .set({ status: 'decided', decision: input.decision, action: input.action, reasons: input.reasons, decided_by: operator.id, decided_at: at, claimed_until: null })
      .where('id', '=', input.complaint)
      .where('tenant_id', 'in', tenants)
      .where('status', '=', 'open')
      .where('claimed_by', '=', operator.id)
      .where('claimed_until', '>', at)
      .returning(['tenant_id', 'reference', 'reporter_user_id', 'reporter_email', 'reporter_locale', 'profile_id', 'message_id', 'source'])
      .executeTakeFirst();
    if (!decided) {
      const exists = await trx.selectFrom('complaints').select('status').where('id', '=', input.complaint).where('tenant_id', 'in', tenants).executeTakeFirst();
      return { ok: false as const, error: !exists ? 'not_found' : exists.status !== 'open' ? 'not_open' : 'not_claimed' };
    }
    await recordAudit(trx, { operatorId: operator.id, tenantId: decided.tenant_id, action: 'complaint_decide', complaintId: input.complaint, detail: { decision: input.decision, action: input.action } });
    if (input.decision === 'action_taken') {
      const applied = await applyAction(trx, input.action, decided);
      removedFiles.push(...applied.files);
      await recordAudit(trx, { operatorId: operator.id, tenantId: decided.tenant_id, action: 'complaint_apply', complaintId: input.complaint, messageId: decided.message_id, detail: applied.detail });
    }
    const tenant = tenantOf(decided.tenant_id);
    if (tenant) {
      const reporter = decided.reporter_user_id ? await trx.selectFrom('users').select(['email', 'language']).where('id', '=', decided.reporter_user_id).executeTakeFirst() : undefined;
      const to = reporter?.email ?? decided.reporter_email;
      const locale = toLocale(decided.reporter_locale);
      if (to) await statementMail(trx, tenant, { kind: 'complaint_decided', to, locale, reference: decided.reference, decision: input.decision, action: input.action, reasons: input.reasons, audience: 'complainant', recipient: reporter ? 'member' : 'contact' });
      // The member concerned hears of an action taken against their profile or content (DSA Art. 17).
      if (input.decision === 'action_taken' && decided.profile_id) {
        const member = await trx
          .selectFrom('profiles')
          .innerJoin('users', 'users.id', 'profiles.user_id')
          .select(['users.email', 'users.language'])
          .where('profiles.id', '=', decided.profile_id)
          .where('profiles.fictional', '=', false)
          .executeTakeFirst();
        if (member) await statementMail(trx, tenant, { kind: 'complaint_action', to: member.email, locale: toLocale(member.language), reference: decided.reference, decision: input.decision, action: input.action, reasons: input.reasons, audience: 'member', recipient: 'member' });
      }
    }
    return { ok: true as const };
  });
  // A removed message's picture: its row no longer names the files, so nobody is served them any more.
  if (result.ok) await deleteUnreachable(media, removedFiles);
  return result;
}

/**
 * Carries out the decided action (docs/decisions/0029), in the decision's transaction, and says what
 * was done for the audit row. Against a member's profile only: a fictional profile of the shared pool
 * is the operators' own and is changed by hand (the audit row says "not applied").
 * - warning: nothing beyond the statement of reasons the member receives;
 * - content_removed: the reported message loses its text and picture (the complaint keeps them as
 *   evidence); without a message, the profile's free texts (about, looking for) are emptied;
 * - profile_hidden: the profile is disabled — out of search, likes and new chats;
 * - account_suspended: the profile is disabled, every session ends and logins are refused.
 */
async function applyAction(
  trx: Transaction<DB>,
  action: ComplaintAction,
  complaint: { profile_id: number | null; message_id: number | null },
): Promise<{ detail: Record<string, unknown>; files: string[] }> {
  const files: string[] = [];
  if (action === 'content_removed' && complaint.message_id) {
    const message = await trx.selectFrom('messages').select(['id', 'photo_filename', 'photo_thumb_filename']).where('id', '=', complaint.message_id).forUpdate().executeTakeFirst();
    if (message) {
      await trx.updateTable('messages').set({ body: null, photo_filename: null, photo_thumb_filename: null }).where('id', '=', message.id).execute();
      for (const key of [message.photo_filename, message.photo_thumb_filename]) if (key) files.push(key);
    }
    return { detail: { action, message: complaint.message_id, applied: Boolean(message) }, files };
  }
  const member = complaint.profile_id
    ? await trx.selectFrom('profiles').select(['id', 'user_id']).where('id', '=', complaint.profile_id).where('fictional', '=', false).where('user_id', 'is not', null).executeTakeFirst()
    : undefined;
  if (!member || action === 'none' || action === 'warning') return { detail: { action, profile: complaint.profile_id, applied: action === 'warning' && Boolean(member) }, files };
  if (action === 'content_removed') {
    await trx.updateTable('profiles').set({ about: null, looking_for: null }).where('id', '=', member.id).execute();
  } else {
    await trx.updateTable('profiles').set({ status: 'disabled' }).where('id', '=', member.id).execute();
    if (action === 'account_suspended') {
      await trx.updateTable('users').set({ suspended_at: now() }).where('id', '=', member.user_id!).execute();
      await trx.deleteFrom('sessions').where('user_id', '=', member.user_id!).execute();
    }
  }
  return { detail: { action, profile: member.id, applied: true }, files };
}

function toLocale(value: string | null | undefined): Locale {
  const code = value?.slice(0, 2);
  return isLocale(code) ? code : 'en';
}

function statementMail(
  trx: Parameters<typeof enqueueMail>[0],
  tenant: Tenant,
  /** recipient: 'contact' for a complainant without an account (the footer names none, issue 34 item 22). */
  input: { kind: string; to: string; locale: Locale; reference: string; decision: string; action: string; reasons: string; audience: 'complainant' | 'member'; recipient: 'member' | 'contact' },
) {
  const t = (id: string) => serverMessage(input.locale, id, { site: tenant.settings.name, reference: input.reference, support: tenant.settings.support_email });
  const outcome = serverMessage(input.locale, `complaints.action.${input.action}`);
  return enqueueMail(trx, tenant, {
    kind: input.kind,
    priority: 'transactional',
    to: input.to,
    locale: input.locale,
    content: {
      subject: t(`complaints.mail.${input.audience}.subject`),
      heading: t(`complaints.mail.${input.audience}.heading`),
      paragraphs: [t(`complaints.mail.${input.audience}.body`), `${serverMessage(input.locale, 'complaints.mail.outcome')}: ${outcome}`, `${serverMessage(input.locale, 'complaints.mail.reasons')}: ${input.reasons}`],
      footnote: t('complaints.mail.redress'),
      recipient: input.recipient,
    },
  });
}

export async function closeComplaint(db: Kysely<DB>, operator: OperatorActor, input: { complaint: number }): Promise<{ ok: true } | { ok: false; error: ModerationError }> {
  const tenants = scope(operator);
  if (!tenants.length) return { ok: false, error: 'not_found' };
  return db.transaction().execute(async (trx) => {
    const closed = await trx
      .updateTable('complaints')
      .set({ status: 'closed', closed_at: now(), claimed_by: null })
      .where('id', '=', input.complaint)
      .where('tenant_id', 'in', tenants)
      .where('status', '=', 'decided')
      .returning('tenant_id')
      .executeTakeFirst();
    if (!closed) {
      const exists = await trx.selectFrom('complaints').select('status').where('id', '=', input.complaint).where('tenant_id', 'in', tenants).executeTakeFirst();
      return { ok: false as const, error: !exists ? 'not_found' : 'not_decided' };
    }
    await recordAudit(trx, { operatorId: operator.id, tenantId: closed.tenant_id, action: 'complaint_close', complaintId: input.complaint });
    return { ok: true as const };
  });
}

/** Time to decision for the operator's moderation tenants over the last `days` days (decisions in the period). */
export async function complaintStats(db: Kysely<DB>, operator: OperatorActor, input: { days: number; tenant?: string }): Promise<ComplaintStats | null> {
  const all = scope(operator);
  const tenants = input.tenant && all.includes(input.tenant) ? [input.tenant] : all;
  if (!tenants.length) return null;
  const since = new Date(now().getTime() - input.days * 24 * 3600_000);
  const [received, open, decided] = await Promise.all([
    db.selectFrom('complaints').select((eb) => eb.fn.countAll<number>().as('n')).where('tenant_id', 'in', tenants).where('created_at', '>=', since).executeTakeFirstOrThrow(),
    db.selectFrom('complaints').select((eb) => eb.fn.countAll<number>().as('n')).where('tenant_id', 'in', tenants).where('status', '=', 'open').executeTakeFirstOrThrow(),
    db
      .selectFrom('complaints')
      .select([
        (eb) => eb.fn.countAll<number>().as('n'),
        sql<number | null>`percentile_cont(0.5) within group (order by extract(epoch from decided_at - created_at))`.as('median'),
        sql<number | null>`percentile_cont(0.95) within group (order by extract(epoch from decided_at - created_at))`.as('p95'),
      ])
      .where('tenant_id', 'in', tenants)
      .where('decided_at', '>=', since)
      .executeTakeFirstOrThrow(),
  ]);
  const hours = (seconds: number | string | null) => (seconds === null ? null : Math.round((Number(seconds) / 3600) * 10) / 10);
  return { received: Number(received.n), open: Number(open.n), decided: Number(decided.n), medianHours: hours(decided.median), p95Hours: hours(decided.p95) };
}
