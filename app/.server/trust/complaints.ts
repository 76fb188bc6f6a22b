// Complaints (issue 25, docs/decisions/0029): notice and action after the EU Digital Services Act
// (Art. 16–17). A notice comes from the /complaints form (visitors and members), a member's Report
// action on a profile or a received message, or the chat's scam rules (signals.ts). Each gets a
// reference and the content it names, as it was, attached; the complainant is mailed the reference.
// The moderation role works the queue: claim (30 minutes, a conditional write), decide (action taken
// or not, with a statement of reasons mailed to the complainant and, when something was done, to the
// member concerned), close. Every step is an audit row written in its own transaction.
import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import { COMPLAINT_ACTIONS, COMPLAINT_CATEGORIES, DESCRIPTION_MAX, DESCRIPTION_MIN, type ComplaintAction, type ComplaintCategory, type ComplaintSource } from '~/shared/complaint-types';
import { isLocale, type Locale } from '~/shared/locales';
import { idSchema, text } from '~/shared/request-rules';
import { now, today } from '../clock';
import type { DB, User } from '../db/schema';
import { serverMessage } from '../i18n/messages';
import { enqueueMail } from '../mail/mail';
import { sendSubject, takeSendSlot } from './send-limits';
import { tenantScope } from '../profiles/pool';
import type { Tenant } from '../tenants/schema';

type Db = Kysely<DB> | Transaction<DB>;

export const REASONS_MIN = 20;
export const CLAIM_MINUTES = 30;

export const ComplaintSchema = z.object({
  category: z.enum(COMPLAINT_CATEGORIES, { message: 'validation.choice' }),
  description: text(DESCRIPTION_MAX).pipe(z.string().min(DESCRIPTION_MIN, { message: 'complaints.error.description' })),
  email: text(254).optional(),
  profile: z.union([idSchema, z.literal('')]).optional(),
});

export const ReportSchema = z.object({
  profile: idSchema,
  message: z.union([idSchema, z.literal('')]).optional(),
  reason: z.enum(COMPLAINT_CATEGORIES, { message: 'validation.choice' }),
  text: text(DESCRIPTION_MAX).optional(),
  block: z.union([z.boolean(), z.enum(['1', 'true', 'on', '0', 'false', ''])]).optional(),
});

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type FileError = 'email_required' | 'invalid_email' | 'profile_not_found' | 'message_not_found';

/** A reference a person can read out: R- and 8 characters without look-alikes. */
function newReference(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = crypto.randomBytes(8);
  return `R-${[...bytes].map((b) => alphabet[b % alphabet.length]).join('')}`;
}

interface Evidence {
  profile?: { id: number; name: string; about: string | null; city: string | null };
  message?: { id: number; kind: string; text: string | null; sender: number; at: string; signals?: string[] | null };
}

async function profileEvidence(db: Db, tenant: Tenant, profileId: number): Promise<Evidence['profile'] | null> {
  const row = await db
    .selectFrom('profiles')
    .select(['id', 'name', 'about', 'city'])
    .where('id', '=', profileId)
    .where((eb) => tenantScope(eb, tenant, today()))
    .executeTakeFirst();
  return row ?? null;
}

/** A message the member received (not one they sent) in a conversation of this tenant. */
async function receivedMessage(db: Db, tenant: Tenant, user: Pick<User, 'profile_id'>, messageId: number) {
  if (!user.profile_id) return null;
  return (
    (await db
      .selectFrom('messages')
      .innerJoin('conversations', 'conversations.id', 'messages.conversation_id')
      .select(['messages.id', 'messages.kind', 'messages.body', 'messages.sender_profile_id', 'messages.created_at', 'messages.signals', 'messages.conversation_id'])
      .where('messages.id', '=', messageId)
      .where('conversations.tenant_id', '=', tenant.id)
      .where('messages.sender_profile_id', '!=', user.profile_id)
      .where((eb) => eb.or([eb('conversations.profile_low', '=', user.profile_id!), eb('conversations.profile_high', '=', user.profile_id!)]))
      .executeTakeFirst()) ?? null
  );
}

interface NewComplaint {
  source: ComplaintSource;
  category: ComplaintCategory;
  reporter: { userId: number | null; email: string | null; locale: Locale };
  profileId: number | null;
  messageId: number | null;
  conversationId: number | null;
  description: string;
  evidence: Evidence | null;
}

async function insertComplaint(trx: Transaction<DB>, tenant: Tenant, input: NewComplaint) {
  return trx
    .insertInto('complaints')
    .values({
      tenant_id: tenant.id,
      reference: newReference(),
      source: input.source,
      category: input.category,
      reporter_user_id: input.reporter.userId,
      reporter_email: input.reporter.email,
      reporter_locale: input.reporter.locale,
      profile_id: input.profileId,
      message_id: input.messageId,
      conversation_id: input.conversationId,
      description: input.description,
      evidence: input.evidence ? (JSON.stringify(input.evidence) as never) : null,
      created_at: now(),
    })
    .returning(['id', 'reference'])
    .executeTakeFirstOrThrow();
}

/** `member`: the complainant has an account; else the footer does not speak of one (issue 34 item 22). */
function receiptMail(trx: Transaction<DB>, tenant: Tenant, to: string, locale: Locale, reference: string, recipient: 'member' | 'contact') {
  const t = (id: string) => serverMessage(locale, id, { site: tenant.settings.name, reference });
  return enqueueMail(trx, tenant, {
    kind: 'complaint_received',
    priority: 'transactional',
    to,
    locale,
    content: { subject: t('complaints.mail.received.subject'), heading: t('complaints.mail.received.heading'), paragraphs: [t('complaints.mail.received.body')], footnote: t('complaints.mail.received.footnote'), recipient },
  });
}

export interface Complainant {
  user: User | null;
  locale: Locale;
}

/** The /complaints form: a visitor gives a contact address, a member's account address is used. */
export async function fileComplaint(
  db: Kysely<DB>,
  tenant: Tenant,
  actor: Complainant,
  input: z.infer<typeof ComplaintSchema>,
): Promise<{ ok: true; reference: string } | { ok: false; error: FileError }> {
  const email = actor.user ? actor.user.email : input.email?.trim().toLowerCase() || '';
  if (!actor.user && !email) return { ok: false, error: 'email_required' };
  if (!EMAIL.test(email)) return { ok: false, error: 'invalid_email' };
  const profileId = typeof input.profile === 'number' ? input.profile : null;
  const profile = profileId ? await profileEvidence(db, tenant, profileId) : null;
  if (profileId && !profile) return { ok: false, error: 'profile_not_found' };
  return db.transaction().execute(async (trx) => {
    const row = await insertComplaint(trx, tenant, {
      source: 'form',
      category: input.category,
      reporter: { userId: actor.user?.id ?? null, email: actor.user ? null : email, locale: actor.locale },
      profileId,
      messageId: null,
      conversationId: null,
      description: input.description,
      evidence: profile ? { profile } : null,
    });
    // A notice is always taken (DSA Art. 16); its receipt goes to the named address only within the
    // limits of docs/decisions/0038 — the reference is on the page anyway.
    const subjects = [sendSubject.recipient(email), ...(actor.user ? [sendSubject.account(actor.user.id)] : [])];
    if ((await takeSendSlot(trx, tenant.id, 'complaint_receipt', subjects)).ok) await receiptMail(trx, tenant, email, actor.locale, row.reference, actor.user ? 'member' : 'contact');
    return { ok: true as const, reference: row.reference };
  });
}

/** A member's Report action on a profile or on a message they received; optionally blocks the profile too (the caller blocks). */
export async function reportContent(
  db: Kysely<DB>,
  tenant: Tenant,
  actor: { user: User; locale: Locale },
  input: z.infer<typeof ReportSchema>,
): Promise<{ ok: true; reference: string } | { ok: false; error: FileError }> {
  const profile = await profileEvidence(db, tenant, input.profile);
  if (!profile || input.profile === actor.user.profile_id) return { ok: false, error: 'profile_not_found' };
  const messageId = typeof input.message === 'number' ? input.message : null;
  const message = messageId ? await receivedMessage(db, tenant, actor.user, messageId) : null;
  if (messageId && (!message || message.sender_profile_id !== input.profile)) return { ok: false, error: 'message_not_found' };
  return db.transaction().execute(async (trx) => {
    const row = await insertComplaint(trx, tenant, {
      source: 'report',
      category: input.reason,
      reporter: { userId: actor.user.id, email: null, locale: actor.locale },
      profileId: profile.id,
      messageId,
      conversationId: message?.conversation_id ?? null,
      description: input.text?.trim() ?? '',
      evidence: {
        profile,
        ...(message ? { message: { id: message.id, kind: message.kind, text: message.body, sender: message.sender_profile_id, at: message.created_at.toISOString(), signals: message.signals } } : {}),
      },
    });
    if ((await takeSendSlot(trx, tenant.id, 'complaint_receipt', [sendSubject.account(actor.user.id)])).ok) await receiptMail(trx, tenant, actor.user.email, actor.locale, row.reference, 'member');
    return { ok: true as const, reference: row.reference };
  });
}

/**
 * A member's message matched the scam rules: the message keeps the rule names, and the conversation
 * gets one open review in the moderation queue (further hits join it). Runs in the send's
 * transaction; the message itself is stored and delivered as any other.
 */
export async function recordScamSignal(trx: Transaction<DB>, tenant: Tenant, input: { conversationId: number; messageId: number; senderProfileId: number; rules: string[]; text: string }): Promise<void> {
  await trx.updateTable('messages').set({ signals: input.rules }).where('id', '=', input.messageId).execute();
  const hit = { id: input.messageId, kind: 'text', text: input.text, sender: input.senderProfileId, at: now().toISOString(), signals: input.rules };
  const inserted = await trx
    .insertInto('complaints')
    .values({
      tenant_id: tenant.id,
      reference: newReference(),
      source: 'signal',
      category: 'scam',
      reporter_locale: isLocale(tenant.settings.domain_language.slice(0, 2)) ? tenant.settings.domain_language.slice(0, 2) : 'en',
      profile_id: input.senderProfileId,
      message_id: input.messageId,
      conversation_id: input.conversationId,
      description: input.rules.join(', '),
      evidence: JSON.stringify({ messages: [hit] }) as never,
      created_at: now(),
    })
    .onConflict((oc) => oc.column('conversation_id').where('source', '=', 'signal').where('status', '=', 'open').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return;
  // The conversation is already waiting for review: the new hit joins its evidence.
  const open = await trx
    .selectFrom('complaints')
    .select(['id', 'evidence', 'description'])
    .where('conversation_id', '=', input.conversationId)
    .where('source', '=', 'signal')
    .where('status', '=', 'open')
    .forUpdate()
    .executeTakeFirst();
  if (!open) return;
  const messages = [...(((open.evidence as { messages?: unknown[] } | null)?.messages ?? []) as unknown[]), hit].slice(-20);
  const rules = [...new Set([...open.description.split(', ').filter(Boolean), ...input.rules])];
  await trx.updateTable('complaints').set({ evidence: JSON.stringify({ messages }) as never, description: rules.join(', ') }).where('id', '=', open.id).execute();
}

export { COMPLAINT_ACTIONS, DESCRIPTION_MAX, DESCRIPTION_MIN, type ComplaintAction };
