// Kysely table types. Keep in step with the migrations in ./migrations.
import type { PhotoScores, ScreeningView } from '~/shared/photo-screening';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { AuditAction, FlagReason, OperatorRole } from '~/shared/operator-types';
import type { ComplaintAction, ComplaintCategory, ComplaintSource } from '~/shared/complaint-types';

export type { AuditAction, ComplaintAction, ComplaintCategory, ComplaintSource, FlagReason, OperatorRole };

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: Generated<number>;
  tenant_id: string;
  email: string;
  password_hash: string;
  status: 'not_confirmed' | 'confirmed' | 'pending_deletion' | 'deleted';
  credits: Generated<number>;
  paid_user: Generated<boolean>;
  language: string;
  signup_date: Timestamp;
  notifications_disabled: Generated<string[]>;
  profile_id: number | null;
  invisible: Generated<boolean>;
  /** When the member went invisible (migration 0020); null while visible. */
  invisible_since: Generated<Date | null>;
  privacy_mode: Generated<boolean>;
  created_at: Generated<Date>;
  terms_accepted_at: Date | null;
  orientation_consent_at: Date | null;
  confirmed_at: Date | null;
  /** The host the member signed up on: mails link there. */
  signup_host: string | null;
  tracking: Tracking | null;
  /** The visit this member is attributed to (decision 0027: last touch with a traffic source). */
  visit_id: number | null;
  signup_message: string | null;
  deletion_requested_at: Date | null;
  delete_reason: string | null;
  delete_comment: string | null;
  /** A moderator suspended the account (migration 0023): no login from then on. */
  suspended_at: Generated<Date | null>;
}

export interface Tracking {
  network?: string;
  ref?: string;
  sub1?: string;
  sub2?: string;
  sub3?: string;
}

/** A counted visit (migration 0017); its bigint id comes back as a number (database.ts). */
export interface VisitsTable {
  id: ColumnType<number, never, never>;
  tenant_id: string;
  click_id: string;
  network: string | null;
  ref: string | null;
  sub1: string | null;
  sub2: string | null;
  sub3: string | null;
  lander: string | null;
  variant: string | null;
  profile_id: number | null;
  path: string;
  country: string | null;
  user_agent_class: 'mobile' | 'tablet' | 'desktop';
  visitor_key: string;
  visitor_id: string;
  target_key: string;
  hits: Generated<number>;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  /** Migration 0036 (decision 0055): hash of address and path, on a new visitor's visit only. */
  burst_key: string | null;
  /** The first visit of the burst this one was folded into (not counted in reports). */
  burst_of: number | null;
  /** On a burst's first visit: the address masked to its network (IPv4 /24, IPv6 /48). */
  burst_address: string | null;
}

export type PostbackEvent = 'lead' | 'confirmed' | 'sale' | 'rebill' | 'reversal';

/** A postback a network is owed (migration 0018): an outbox row, sent by the job queue. */
export interface PostbacksTable {
  id: ColumnType<number, never, never>;
  tenant_id: string;
  event: PostbackEvent;
  subject: string;
  user_id: number | null;
  payment_id: number | null;
  visit_id: number | null;
  network: string;
  amount: number | null;
  currency: string | null;
  order_number: string | null;
  url: string | null;
  status: ColumnType<'pending' | 'sent' | 'failed' | 'skipped', 'pending' | undefined, 'pending' | 'sent' | 'failed' | 'skipped'>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  last_error: string | null;
  sent_at: Timestamp | null;
  created_at: Timestamp;
}

export interface PostbackAttemptsTable {
  id: ColumnType<number, never, never>;
  postback_id: number;
  attempt: number;
  url: string;
  http_status: number | null;
  error: string | null;
  ok: boolean;
  at: Timestamp;
}

export interface DevPostbacksTable {
  id: ColumnType<number, never, never>;
  tenant_id: string;
  query: string;
  received_at: Timestamp;
}

export interface AccountTokensTable {
  id: string;
  tenant_id: string;
  user_id: number;
  kind: 'activation' | 'password_reset' | 'mail_change' | 'reactivation';
  payload: Record<string, unknown> | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Date | null;
}

export interface MailOutboxTable {
  id: Generated<number>;
  tenant_id: string;
  kind: string;
  to_address: string;
  from_address: string;
  subject: string;
  html: string;
  text: string;
  status: Generated<'pending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: Date | null;
  /** Extra headers (List-Unsubscribe…), migration 0016. */
  headers: Record<string, string> | null;
  /** 0 transactional, 1 notification, 2 bulk (migration 0039, jobs/priority.ts). */
  priority: Generated<number>;
}

export interface LoginFailuresTable {
  tenant_id: string;
  email: string;
  ip: string;
  failures: number;
  first_failure_at: Timestamp;
  blocked_until: Date | null;
}

export interface SessionsTable {
  /** SHA-256 of the cookie token: a database leak does not hand out sessions. */
  id: string;
  tenant_id: string;
  user_id: number;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  last_seen_at: Generated<Date>;
  ip: string | null;
  user_agent: string | null;
}

export interface ProfilesTable {
  id: Generated<number>;
  user_id: number | null;
  name: string;
  gender: 'male' | 'female';
  sexuality: 'hetero' | 'gay' | 'lesbian' | 'bi';
  /** ISO date (YYYY-MM-DD); the pg date parser is set to keep it a string. */
  birth_date: string;
  country: string;
  region: string | null;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
  about: string | null;
  looking_for: string | null;
  interests: Generated<string[]>;
  hair_colour: string | null;
  eye_colour: string | null;
  body_type: string | null;
  relationship_status: string | null;
  tattoos: boolean | null;
  fictional: Generated<boolean>;
  status: Generated<'active' | 'disabled'>;
  /** Kept by triggers (migration 0004): active, and the owner neither invisible, private nor leaving. */
  listed: Generated<boolean>;
  main_photo_id: number | null;
  /** Deterministic seed of a demo profile's generated pictures; null for real members. */
  seed: number | null;
  /** The member's tenant; null for the shared pool of fictional profiles. */
  tenant_id: string | null;
  created_at: Generated<Date>;
  /** Changes with every column the search filters on (migration 0006): the search index's feed. */
  search_version: Generated<number>;
}

/** Tombstones of deleted profiles, numbered from the same sequence as profiles.search_version. */
export interface ProfilesRemovedTable {
  profile_id: number;
  search_version: Generated<number>;
  removed_at: Generated<Date>;
}

/** A photo a moderator rejected (migration 0023): the member is told why until they dismiss it. */
export interface PhotoRejectionsTable {
  id: Generated<number>;
  tenant_id: string;
  profile_id: number;
  reason: string;
  created_at: Date;
  dismissed_at: Date | null;
}

export interface PhotosTable {
  id: Generated<number>;
  profile_id: number;
  filename: string;
  thumb_filename: string;
  width: number;
  height: number;
  position: Generated<number>;
  created_at: Generated<Date>;
  /** Photo moderation (migration 0023): 'pending' until a moderator approves a member's upload. */
  review: Generated<'pending' | 'approved'>;
  /** Whether people other than its owner see it: false while pending on a `pre` tenant. */
  public: Generated<boolean>;
  /** Screening by the bundled model (migration 0039, docs/decisions/0065): null when never asked, then waiting → held | passed | published | failed. */
  screening: PhotoScreening | null;
  /** The model's five class probabilities. */
  screen_scores: PhotoScores | null;
  /** The highest share of a hold threshold any class reached (≥ 1: held); orders the moderation queue. */
  screen_risk: number | null;
  /** Why screening held it. */
  screen_reason: PhotoHoldReason | null;
  screened_at: Date | null;
}

export type PhotoScreening = ScreeningView['state'];
export type PhotoHoldReason = NonNullable<ScreeningView['reason']>;

export interface BlocksTable {
  blocker_profile_id: number;
  blocked_profile_id: number;
  created_at: Generated<Date>;
}

export interface LikesTable {
  liker_profile_id: number;
  liked_profile_id: number;
  created_at: Timestamp;
  /** When the liked member saw the like; null: like_new (docs/product.md §3 Likes). */
  seen_at: Date | null;
}

export type LedgerKind = 'signup' | 'purchase' | 'message' | 'gift' | 'photo' | 'refund' | 'bonus' | 'adjustment';

/** Append-only: every change of users.credits, with the balance after it (migration 0008). */
export interface CreditLedgerTable {
  id: Generated<number>;
  tenant_id: string;
  user_id: number;
  /** Signed: credits in are positive, spends and refunds negative. */
  amount: number;
  balance_after: number;
  kind: LedgerKind;
  /** Unique over the whole ledger: the same cause can never move credits twice. */
  reference: string;
  payment_id: number | null;
  created_at: Timestamp;
}

/** Statuses in the provider's (Mollie's) words. */
export type PaymentStatus = 'open' | 'pending' | 'paid' | 'failed' | 'canceled' | 'expired';
export type SequenceType = 'oneoff' | 'first' | 'recurring';

export interface PaymentsTable {
  id: Generated<number>;
  tenant_id: string;
  user_id: number;
  order_number: string;
  provider: 'sandbox' | 'mollie';
  provider_id: string | null;
  package_id: string;
  credits: number;
  /** Minor units of `currency`: amount = price - discount + fee. */
  price: number;
  discount: Generated<number>;
  fee: Generated<number>;
  amount: number;
  currency: string;
  country: string;
  method: string;
  discount_code: string | null;
  /** The once-per-member offer redeemed when paid: a once-per-user code or '#trial' (docs/decisions/0019). */
  offer: Generated<string | null>;
  locale: string;
  status: Generated<PaymentStatus>;
  sequence_type: Generated<SequenceType>;
  customer_id: string | null;
  mandate_id: string | null;
  checkout_url: string | null;
  repeat_of: number | null;
  paid_at: Date | null;
  /** Set once, in the transaction that credits the bundle. */
  fulfilled_at: Date | null;
  refunded_credits: Generated<number>;
  refunded_amount: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Last time the status was asked of the provider (webhook or reconciliation). */
  checked_at: Timestamp;
  /** The provider reported a returned debit (chargeback); migration 0012. */
  charged_back_at: Generated<Date | null>;
  /** Our key for the provider call that makes this payment (migration 0014; payments/intents.ts). */
  idempotency_key: Generated<string | null>;
  /** The provider call exactly as sent, stored before it is sent (a ProviderRequest). */
  provider_request: Generated<unknown>;
  /** When reconciliation asks the provider next; null once final (payments/reconcile.ts). */
  next_check_at: Generated<Date | null>;
  /**
   * Last sign that the payment may have settled: the member came back from the checkout (the result
   * page) or the provider's webhook named it (migration 0025). Reconciliation asks these first.
   */
  settle_hint_at: Generated<Date | null>;
}

export interface RefundsTable {
  id: Generated<number>;
  tenant_id: string;
  payment_id: number;
  user_id: number;
  credits: number;
  amount: number;
  currency: string;
  status: Generated<'pending' | 'refunded' | 'failed'>;
  provider_refund_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** When a pending refund is sent or asked again (migration 0014; payments/refunds.ts). */
  next_check_at: Generated<Date | null>;
}

export interface SandboxPaymentsTable {
  id: string;
  tenant_id: string;
  amount: number;
  currency: string;
  description: string;
  method: string;
  status: PaymentStatus;
  sequence_type: SequenceType;
  customer_id: string | null;
  mandate_id: string | null;
  redirect_url: string;
  webhook_url: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  charged_back_at: Generated<Date | null>;
  /** The key the create was sent with: the same key within an hour returns this payment. */
  idempotency_key: Generated<string | null>;
}

export interface SandboxMandatesTable {
  id: string;
  customer_id: string;
  method: string;
  status: 'valid' | 'invalid';
  created_at: Timestamp;
}

export interface SandboxRefundsTable {
  id: string;
  payment_id: string;
  amount: number;
  idempotency_key: string;
  created_at: Timestamp;
}

/** A like or a pass in the swipe game (one per member and profile). */
export interface SwipesTable {
  profile_id: number;
  target_profile_id: number;
  liked: boolean;
  created_at: Timestamp;
}

/** The swipe game's likes of one member on one day (YYYY-MM-DD in the member's time zone): at most 4. */
export interface SwipeDayLikesTable {
  profile_id: number;
  day: string;
  likes: number;
}

/** When a member (their profile) last received an auto-like, and how many so far. */
export interface AutoLikesTable {
  profile_id: number;
  last_at: Timestamp;
  count: Generated<number>;
}

/** One conversation per pair of profiles (migration 0010, docs/decisions/0017). */
export interface ConversationsTable {
  id: Generated<number>;
  tenant_id: string;
  /** The pair, lower id first. */
  profile_low: number;
  profile_high: number;
  started_by_profile_id: number;
  /** One side is a fictional profile, answered by the tenant's operators. */
  fictional: Generated<boolean>;
  last_message_id: number | null;
  last_message_at: Timestamp;
  /** A member wrote to the fictional side and no answer followed yet: the operator queue. */
  awaiting_reply_since: Date | null;
  created_at: Generated<Date>;
}

/** Each side's own view of a conversation. */
export interface ConversationSidesTable {
  conversation_id: number;
  profile_id: number;
  other_profile_id: number;
  unread: Generated<number>;
  last_read_message_id: number | null;
  /** Removed by this side: messages up to this id are gone for it. */
  removed_through_message_id: number | null;
}

export type MessageKind = 'text' | 'gift' | 'photo';

export interface MessagesTable {
  id: Generated<number>;
  conversation_id: number;
  sender_profile_id: number;
  kind: MessageKind;
  body: string | null;
  gift_id: string | null;
  photo_filename: string | null;
  photo_thumb_filename: string | null;
  photo_width: number | null;
  photo_height: number | null;
  /** What the sender paid. */
  credits: Generated<number>;
  /** The sender's idempotency key (unique per sender). */
  client_id: string | null;
  /** An answer by a fictional profile (written by an operator). */
  from_fictional: Generated<boolean>;
  created_at: Timestamp;
  /** The scam rules a member's message matched (migration 0019, chat/scam-signals.ts). */
  signals: ColumnType<string[] | null, string[] | null | undefined, string[] | null>;
}

/** An SMS waiting for, or done with, the SMS gateway (migration 0012; mirrors mail_outbox). */
export interface SmsOutboxTable {
  id: Generated<number>;
  tenant_id: string;
  kind: string;
  /** E.164. */
  to_phone: string;
  text: string;
  status: Generated<'pending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: Date | null;
  /** 0 transactional, 1 notification, 2 bulk (migration 0039, jobs/priority.ts). */
  priority: Generated<number>;
}

/** A member's SEPA mandate: one per member, a stable reference; a new IBAN amends it. */
export interface DirectDebitMandatesTable {
  id: Generated<number>;
  tenant_id: string;
  user_id: number;
  reference: string;
  account_holder: string;
  /** Normalised (no spaces, upper case); shown masked only. */
  iban: string;
  iban_hash: string;
  street: string;
  house_number: string;
  zip: string;
  city: string;
  /** E.164. */
  phone: string;
  status: Generated<'valid' | 'revoked'>;
  provider: string | null;
  provider_customer_id: string | null;
  provider_mandate_id: string | null;
  signed_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A 6-digit SMS code (its hash) for one exact direct-debit request. */
export interface DirectDebitCodesTable {
  id: Generated<number>;
  tenant_id: string;
  user_id: number;
  request_hash: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  used_at: Date | null;
  created_at: Timestamp;
}

export interface DirectDebitPaymentsTable {
  payment_id: number;
  tenant_id: string;
  user_id: number;
  mandate_id: number;
  pair_hash: string;
  iban_hash: string;
  /** The limit period (YYYY-MM, UTC) the amount was counted in. */
  period: string;
  created_at: Timestamp;
}

export interface DirectDebitBlocksTable {
  pair_hash: string;
  reason: 'chargeback' | 'operator';
  payment_id: number | null;
  created_at: Timestamp;
}

export interface DirectDebitUsageTable {
  tenant_id: string;
  scope: 'iban' | 'member';
  key: string;
  period: string;
  amount: Generated<number>;
}

/** A once-per-member offer used by a paid purchase (docs/decisions/0019). */
export interface OfferRedemptionsTable {
  id: Generated<number>;
  tenant_id: string;
  user_id: number;
  /** An upper-case discount code, or '#trial' for the trial package. */
  offer: string;
  payment_id: number;
  created_at: Timestamp;
}

/** A discount code made for one member (the retention offer). */
export interface PersonalDiscountCodesTable {
  id: Generated<number>;
  tenant_id: string;
  user_id: number;
  code: string;
  percentage: number;
  reason: 'retention';
  created_at: Timestamp;
}

/** Operator console (migration 0013, docs/decisions/0021). */
export interface OperatorsTable {
  id: Generated<number>;
  email: string;
  name: string;
  password_hash: string | null;
  language: Generated<string>;
  status: Generated<'active' | 'disabled'>;
  created_at: Generated<Date>;
  last_login_at: Date | null;
}

export interface OperatorTenantsTable {
  operator_id: number;
  tenant_id: string;
  /** What the operator may do for this tenant (migration 0019, docs/decisions/0029). */
  roles: ColumnType<OperatorRole[], OperatorRole[] | undefined, OperatorRole[]>;
}

export interface OperatorSessionsTable {
  /** SHA-256 of the cookie token. */
  id: string;
  operator_id: number;
  tenant_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  ip: string | null;
  user_agent: string | null;
}

export interface OperatorTokensTable {
  id: string;
  operator_id: number;
  tenant_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Date | null;
}

export interface OperatorLoginFailuresTable {
  email: string;
  ip: string;
  failures: number;
  first_failure_at: Timestamp;
  blocked_until: Date | null;
}

/** The claim lock of one conversation; operator_id null when released. */
export interface ConversationClaimsTable {
  conversation_id: number;
  operator_id: number | null;
  claimed_at: Date | null;
  expires_at: Date | null;
}

export interface ConversationNotesTable {
  id: Generated<number>;
  conversation_id: number;
  operator_id: number | null;
  body: string;
  created_at: Timestamp;
}


export interface ConversationFlagsTable {
  id: Generated<number>;
  conversation_id: number;
  message_id: number | null;
  operator_id: number | null;
  reason: FlagReason;
  comment: string | null;
  created_at: Timestamp;
  resolved_at: Date | null;
  resolved_by: number | null;
}


export interface OperatorAuditTable {
  id: Generated<number>;
  operator_id: number;
  tenant_id: string;
  conversation_id: number | null;
  action: AuditAction;
  message_id: number | null;
  wait_seconds: number | null;
  detail: Record<string, unknown> | null;
  created_at: Timestamp;
  /** The operator an admin's team action (invite, roles, remove) concerns. */
  subject_operator_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The complaint a moderation step concerns. */
  complaint_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Notices, reports and scam signals: the moderation queue (migration 0019, docs/decisions/0029). */
export interface ComplaintsTable {
  id: Generated<number>;
  tenant_id: string;
  reference: string;
  source: ComplaintSource;
  category: ComplaintCategory;
  reporter_user_id: number | null;
  reporter_email: string | null;
  reporter_locale: string;
  profile_id: number | null;
  message_id: number | null;
  conversation_id: number | null;
  description: string;
  evidence: Record<string, unknown> | null;
  status: Generated<'open' | 'decided' | 'closed'>;
  claimed_by: number | null;
  claimed_until: Date | null;
  decision: 'action_taken' | 'no_action' | null;
  action: ComplaintAction | null;
  reasons: string | null;
  decided_by: number | null;
  decided_at: Date | null;
  closed_at: Date | null;
  created_at: Timestamp;
}

export interface DataExportsTable {
  id: string;
  user_id: number;
  tenant_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  downloaded_at: Date | null;
  /** 'preparing' while the job queue builds a large export, then 'ready' (migration 0023). */
  status: Generated<'preparing' | 'ready' | 'failed'>;
  /** The prepared zip in the media store; null for an export that streams at once. */
  file_key: string | null;
}

/** The network console's staff (migration 0033, docs/decisions/0050): not one site's, the whole network's. */
export type NetworkRole = 'network_admin' | 'network_analyst';

export interface NetworkStaffTable {
  id: Generated<number>;
  email: string;
  name: string;
  /** Null for an invited staff member until they set their password (migration 0034). */
  password_hash: string | null;
  role: NetworkRole;
  status: Generated<'active' | 'disabled'>;
  created_at: Timestamp;
  last_login_at: Date | null;
  /** TOTP (migration 0034): the confirmed secret (base32), the one awaiting its first code, when it was confirmed, the last time step accepted. */
  totp_secret: ColumnType<string | null, string | null | undefined, string | null>;
  totp_pending_secret: ColumnType<string | null, string | null | undefined, string | null>;
  totp_enabled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  totp_last_step: ColumnType<string | number | null, number | null | undefined, number | null>;
}

/** A set-password link of an invited network staff member (migration 0034): SHA-256 of the token, 72 hours, used once. */
export interface NetworkStaffTokensTable {
  id: string;
  staff_id: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Date | null;
}

export interface NetworkSessionsTable {
  id: string;
  staff_id: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  ip: string | null;
  user_agent: string | null;
}

export interface NetworkLoginCodesTable {
  id: Generated<number>;
  staff_id: number;
  /** The mailed code's digest; null when the second step is TOTP (migration 0034). */
  code_hash: string | null;
  /** The second step this pending login waits for (migration 0034). */
  method: Generated<'code' | 'totp'>;
  /** SHA-256 of the pending-login token the login form carries instead of the password. */
  token_hash: string | null;
  attempts: Generated<number>;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Date | null;
}

export interface NetworkAuditTable {
  id: Generated<number>;
  staff_id: number | null;
  action: string;
  detail: Record<string, unknown> | null;
  ip: string | null;
  created_at: Timestamp;
}

/** Migration 0039 (decision 0064): each split's mode and the weights every instance serves new visitors. */
export interface SplitStateTable {
  tenant_id: string;
  split: string;
  mode: 'fixed' | 'auto' | 'frozen';
  goal: 'signups' | 'confirmed' | 'revenue';
  winner: string | null;
  /** What the weights are: the file's (fixed), the file's until the warm-up is done, the bandit's, the winner's alone. */
  phase: 'fixed' | 'warmup' | 'auto' | 'frozen';
  /** Per variant, integers summing to 10 000. */
  weights: Record<string, number>;
  /** The counts and posteriors the weights came from (splits/bandit.ts). */
  evidence: unknown;
  /** The tenant file's mode and goal the state follows ("auto:signups", "fixed:signups"). */
  declared: string;
  computed_at: Timestamp;
}

/** Migration 0039: one row per change of a split's weights or mode (append-only). */
export interface SplitWeightLogTable {
  id: Generated<number>;
  tenant_id: string;
  split: string;
  at: Timestamp;
  reason: 'start' | 'schedule' | 'file' | 'auto' | 'fixed' | 'freeze';
  mode: string;
  goal: string;
  weights: Record<string, number>;
  operator_id: number | null;
}

/** Migration 0037 (decision 0058): the overview's figures per UTC day and site (network/rollup.ts). */
export interface NetworkDailyTable {
  /** YYYY-MM-DD (UTC). */
  day: string;
  tenant_id: string;
  visits: number;
  signups: number;
  confirmed: number;
  purchases: number;
  chargebacks: number;
}

/** Per day, site and currency: fulfilled payments and their amount, refunds (not failed) and theirs, payments charged back and theirs (migration 0039), minor units. */
export interface NetworkDailyMoneyTable {
  day: string;
  tenant_id: string;
  currency: string;
  payments: number;
  revenue: number;
  refund_count: number;
  refunds: number;
  chargeback_count: Generated<number>;
  chargebacks: Generated<number>;
}

/** Members who paid on the day, by the day of their previous fulfilled payment (null: none before). */
export interface NetworkDailyPayersTable {
  day: string;
  tenant_id: string;
  previous_day: string | null;
  payers: number;
}

/** Past days whose source rows changed since they were rolled up (marked by triggers). */
export interface NetworkDailyDirtyTable {
  day: string;
}

export interface NetworkDailyStateTable {
  id: number;
  /** The last day rolled up (YYYY-MM-DD), null before the first round. */
  through: string | null;
}

export interface NetworkDraftsTable {
  /** SHA-256 of the draft's token. */
  id: string;
  staff_id: number;
  file: unknown;
  updated_at: Timestamp;
  expires_at: Timestamp;
}

/** One version of a site's tenant file (migration 0043, docs/decisions/0066). */
export interface TenantVersionsTable {
  id: Generated<string>;
  tenant_id: string;
  version: number;
  text: string;
  source: 'file' | 'import' | 'console' | 'api';
  staff_id: number | null;
  created_at: Timestamp;
}

/** A site of the network: the version it serves, who manages it, whether it is on (docs/decisions/0066). */
export interface TenantSitesTable {
  id: string;
  version: number;
  managed_by: Generated<'file' | 'console'>;
  status: Generated<'active' | 'paused' | 'archived'>;
  status_at: Timestamp | null;
  status_by: number | null;
  updated_at: Timestamp;
}

export interface DB {
  tenant_versions: TenantVersionsTable;
  tenant_sites: TenantSitesTable;
  network_daily: NetworkDailyTable;
  split_state: SplitStateTable;
  split_weight_log: SplitWeightLogTable;
  network_daily_money: NetworkDailyMoneyTable;
  network_daily_payers: NetworkDailyPayersTable;
  network_daily_dirty: NetworkDailyDirtyTable;
  network_daily_state: NetworkDailyStateTable;
  network_drafts: NetworkDraftsTable;
  network_staff: NetworkStaffTable;
  network_sessions: NetworkSessionsTable;
  network_login_codes: NetworkLoginCodesTable;
  network_staff_tokens: NetworkStaffTokensTable;
  network_audit: NetworkAuditTable;
  send_log: SendLogTable;
  complaints: ComplaintsTable;
  photo_rejections: PhotoRejectionsTable;
  data_exports: DataExportsTable;
  visits: VisitsTable;
  postbacks: PostbacksTable;
  postback_attempts: PostbackAttemptsTable;
  dev_postbacks: DevPostbacksTable;
  operators: OperatorsTable;
  operator_tenants: OperatorTenantsTable;
  operator_sessions: OperatorSessionsTable;
  operator_tokens: OperatorTokensTable;
  operator_login_failures: OperatorLoginFailuresTable;
  conversation_claims: ConversationClaimsTable;
  conversation_notes: ConversationNotesTable;
  conversation_flags: ConversationFlagsTable;
  operator_audit: OperatorAuditTable;
  conversations: ConversationsTable;
  conversation_sides: ConversationSidesTable;
  messages: MessagesTable;
  sms_outbox: SmsOutboxTable;
  direct_debit_mandates: DirectDebitMandatesTable;
  direct_debit_codes: DirectDebitCodesTable;
  direct_debit_payments: DirectDebitPaymentsTable;
  direct_debit_blocks: DirectDebitBlocksTable;
  direct_debit_usage: DirectDebitUsageTable;
  offer_redemptions: OfferRedemptionsTable;
  personal_discount_codes: PersonalDiscountCodesTable;
  auto_likes: AutoLikesTable;
  credit_ledger: CreditLedgerTable;
  payments: PaymentsTable;
  refunds: RefundsTable;
  sandbox_payments: SandboxPaymentsTable;
  sandbox_mandates: SandboxMandatesTable;
  sandbox_refunds: SandboxRefundsTable;
  blocks: BlocksTable;
  likes: LikesTable;
  swipes: SwipesTable;
  swipe_day_likes: SwipeDayLikesTable;
  users: UsersTable;
  account_tokens: AccountTokensTable;
  mail_outbox: MailOutboxTable;
  notification_state: NotificationStateTable;
  notification_log: NotificationLogTable;
  news_posts: NewsPostsTable;
  push_subscriptions: PushSubscriptionsTable;
  tenant_push_keys: TenantPushKeysTable;
  login_failures: LoginFailuresTable;
  sessions: SessionsTable;
  profiles: ProfilesTable;
  profiles_removed: ProfilesRemovedTable;
  photos: PhotosTable;
}

/** Presence, watermarks and unsubscribe token of a member's notifications (migration 0016). */
export interface NotificationStateTable {
  user_id: number;
  tenant_id: string;
  hidden: Generated<boolean>;
  seen_at: Date | null;
  messages_after: Generated<number>;
  likes_after: Generated<Date>;
  last_mail_at: Date | null;
  last_push_at: Date | null;
  unsubscribe_token: string;
  /** When each notification kind, or all mail (`mail`), was last turned back on: ISO times (migration 0042). */
  kinds_on_at: Generated<Record<string, string>>;
}

/** Reminders, promotions, weekly updates and news a member was sent, once per key (migration 0022). */
export interface NotificationLogTable {
  user_id: number;
  kind: string;
  key: string;
  sent_at: Generated<Date>;
  ref: number | null;
}

/** A tenant announcement composed in the operator console (migration 0022). */
export interface NewsPostsTable {
  id: Generated<number>;
  tenant_id: string;
  operator_id: number;
  texts: Record<string, { subject: string; body: string }>;
  default_locale: string;
  created_at: Generated<Date>;
  sent_at: Date | null;
  recipients: number | null;
}

export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  tenant_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: Generated<Date>;
}

export interface TenantPushKeysTable {
  tenant_id: string;
  public_key: string;
  private_key: string;
}

export type User = Selectable<UsersTable>;
export type Visit = Selectable<VisitsTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Profile = Selectable<ProfilesTable>;
export type NewProfile = Insertable<ProfilesTable>;
export type Photo = Selectable<PhotosTable>;
export type NewPhoto = Insertable<PhotosTable>;
export type Payment = Selectable<PaymentsTable>;
export type LedgerEntry = Selectable<CreditLedgerTable>;
export type Refund = Selectable<RefundsTable>;
export type Conversation = Selectable<ConversationsTable>;
export type Message = Selectable<MessagesTable>;
export type Operator = Selectable<OperatorsTable>;

/** One mail sent or heavy job queued on someone's request, per subject it counts against (migration 0025; accounts/send-limits.ts). */
export interface SendLogTable {
  id: Generated<number>;
  tenant_id: string;
  action: string;
  subject: string;
  created_at: Timestamp;
}
