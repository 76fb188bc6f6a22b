// The words of an activity notification, in the member's language and the tenant's brand: one line
// per conversation or liker — every one of them: the mail marks all as told, so a line left out
// would never be named (issue 34 item 21) —, the first sender's photo, a button to the right page
// (the conversation or profile for one item, the chat list or likes for several), and the one-click
// unsubscribe link, which turns off the kinds the mail tells of. The push says the same in a title and a line.
import type { Locale } from '~/shared/locales';
import type { User } from '../db/schema';
import { serverMessage } from '../i18n/messages';
import type { MailContent } from '../mail/mail';
import type { Tenant } from '../tenants/schema';
import type { MemberCard } from '../members/search';
import type { PushPayload } from './push';
import { unsubscribeUrl, type NotificationKind } from './unsubscribe';

export function absolute(origin: string, url: string): string {
  return /^https?:\/\//.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
}

export type ActivityKind = 'new_conversations' | 'new_messages' | 'like';

/** One line of a notification: a conversation with new messages, or a liker. */
export interface ActivityItem {
  kind: ActivityKind;
  /** The other profile (sender or liker), as the member may see it. */
  profile: MemberCard;
  conversation: number | null;
  /** Messages in this conversation (1 for a like). */
  count: number;
  match: boolean;
  /** The newest message id (messages) or like time, for the watermarks. */
  lastMessageId: number;
  lastAt: Date;
}

function subjectId(item: ActivityItem): string {
  if (item.kind === 'like') return item.match ? 'notify.subject.match' : 'notify.subject.like';
  return item.kind === 'new_conversations' ? 'notify.subject.conversation' : 'notify.subject.message';
}

function lineOf(locale: Locale, item: ActivityItem): string {
  const name = item.profile.name;
  if (item.kind === 'like') return serverMessage(locale, item.match ? 'notify.line.match' : 'notify.line.like', { name });
  if (item.count > 1) return serverMessage(locale, 'notify.line.messages', { name, count: item.count });
  return serverMessage(locale, item.kind === 'new_conversations' ? 'notify.line.conversation' : 'notify.line.message', { name });
}

/** The kinds a mail of these items is about: what its one-click unsubscribe turns off (issue 48 item 19). */
export function kindsOf(items: readonly ActivityItem[]): NotificationKind[] {
  return [...new Set(items.map((item) => item.kind))];
}

/** Where the button (and a push click) leads. */
function targetOf(items: ActivityItem[]): { path: string; label: string } {
  const [first] = items;
  if (items.length === 1 && first) {
    return first.conversation !== null ? { path: `/chats/${first.conversation}`, label: 'notify.action.chat' } : { path: `/members/${first.profile.id}`, label: 'notify.action.profile' };
  }
  return items.some((item) => item.conversation !== null) ? { path: '/chats', label: 'notify.action.chats' } : { path: '/likes', label: 'notify.action.likes' };
}

export function activityMail(tenant: Tenant, locale: Locale, origin: string, user: User, items: ActivityItem[], token: string): MailContent {
  const t = (id: string, values: Record<string, string | number> = {}) => serverMessage(locale, id, { site: tenant.settings.name, ...values });
  const [first] = items;
  if (!first) throw new Error('An activity mail needs at least one item');
  const lines = items.map((item) => lineOf(locale, item));
  const target = targetOf(items);
  const photo = first.profile.main_image?.thumb_filename;
  return {
    subject: items.length === 1 ? t(subjectId(first), { name: first.profile.name }) : t('notify.subject.several'),
    heading: items.length === 1 ? t(subjectId(first), { name: first.profile.name }) : t('notify.heading.several'),
    paragraphs: lines,
    image: photo ? { url: absolute(origin, photo), alt: first.profile.name } : undefined,
    action: { label: t(target.label), url: `${origin}${target.path}` },
    footnote: t('notify.footnote', { settings: `${origin}/notifications` }),
    unsubscribe: { label: t('notify.unsubscribe.link'), url: unsubscribeUrl(origin, token, kindsOf(items)) },
  };
}

export function activityPush(tenant: Tenant, locale: Locale, origin: string, items: ActivityItem[]): PushPayload {
  const [first] = items;
  if (!first) throw new Error('A push needs at least one item');
  const t = (id: string, values: Record<string, string | number> = {}) => serverMessage(locale, id, { site: tenant.settings.name, ...values });
  const target = targetOf(items);
  const photo = first.profile.main_image?.thumb_filename;
  return {
    title: items.length === 1 ? t(subjectId(first), { name: first.profile.name }) : t('notify.subject.several'),
    body: items.length === 1 ? t('notify.push.body') : items.slice(0, 3).map((item) => lineOf(locale, item)).join(' · '),
    icon: photo ? absolute(origin, photo) : `${origin}/icons/192.png`,
    url: `${origin}${target.path}`,
    tag: items.length === 1 ? (first.conversation !== null ? `chat-${first.conversation}` : `like-${first.profile.id}`) : 'activity',
  };
}
