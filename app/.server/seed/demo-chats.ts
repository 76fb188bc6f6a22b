// Conversations for a demo account that has none (README "Demo accounts"): with its two matches and
// one more fictional profile that liked it — texts and gifts over the last days, the newest unread —
// and, for the premium account, a message to the free demo account of the same tenant, so that the
// two can chat live in two browsers. Texts in the tenant's first language (demo-chats.json).
import type { Kysely } from 'kysely';
import { now } from '../clock';
import { storeMessage, type MessageContent } from '../chat/send';
import type { DB } from '../db/schema';
import type { Tenant } from '../tenants/schema';
import { isLocale } from '~/shared/locales';
import lines from './demo-chats.json';

const HOUR = 3_600_000;
type Script = { from: 'member' | 'other'; content: MessageContent; hoursAgo: number }[];

export async function seedDemoChats(db: Kysely<DB>, tenant: Tenant, profileId: number): Promise<number> {
  const any = await db.selectFrom('conversation_sides').select('conversation_id').where('profile_id', '=', profileId).executeTakeFirst();
  if (any) return 0;
  const member = await db.selectFrom('profiles').innerJoin('users', 'users.profile_id', 'profiles.id').select(['profiles.name', 'users.email']).where('profiles.id', '=', profileId).executeTakeFirst();
  if (!member) return 0;
  const language = tenant.locales[0]!;
  const text = (isLocale(language) ? lines[language] : lines.en) ?? lines.en;
  const say = (index: number): MessageContent => ({ kind: 'text', text: text[index]!.replace('{name}', member.name) });
  // Fictional profiles that liked the member, newest first: the two matches first (demo-accounts.ts).
  const likers = await db
    .selectFrom('likes as theirs')
    .innerJoin('profiles', 'profiles.id', 'theirs.liker_profile_id')
    .leftJoin('likes as mine', (join) => join.onRef('mine.liked_profile_id', '=', 'theirs.liker_profile_id').on('mine.liker_profile_id', '=', profileId))
    .select(['profiles.id', 'mine.liker_profile_id as liked_back'])
    .where('theirs.liked_profile_id', '=', profileId)
    .where('profiles.fictional', '=', true)
    .orderBy('theirs.created_at', 'desc')
    .execute();
  const matches = likers.filter((l) => l.liked_back !== null).map((l) => l.id);
  const others = likers.filter((l) => l.liked_back === null).map((l) => l.id);
  const scripts: [number | undefined, Script][] = [
    [
      matches[0],
      [
        { from: 'other', content: say(0), hoursAgo: 50 },
        { from: 'member', content: say(1), hoursAgo: 49 },
        { from: 'other', content: say(2), hoursAgo: 3 },
        { from: 'other', content: { kind: 'gift', giftId: 'sunflower' }, hoursAgo: 2.9 },
        { from: 'other', content: say(3), hoursAgo: 2.8 },
      ],
    ],
    [
      matches[1],
      [
        { from: 'member', content: say(4), hoursAgo: 30 },
        { from: 'other', content: say(5), hoursAgo: 26 },
      ],
    ],
    [
      others[0],
      [
        { from: 'other', content: { kind: 'gift', giftId: 'coffee' }, hoursAgo: 6 },
        { from: 'other', content: say(6), hoursAgo: 5.9 },
      ],
    ],
  ];
  let stored = 0;
  const at = now().getTime();
  for (const [other, script] of scripts) {
    if (!other) continue;
    for (const line of script) {
      const mine = line.from === 'member';
      await storeMessage(db, {
        tenantId: tenant.id,
        senderProfileId: mine ? profileId : other,
        recipientProfileId: mine ? other : profileId,
        content: line.content,
        fromFictional: !mine,
        at: new Date(at - line.hoursAgo * HOUR),
      });
      stored++;
    }
  }
  // The premium demo account wrote to the free one: two browsers, two members, one live chat.
  if (member.email.startsWith('premium@')) {
    const free = await db
      .selectFrom('users')
      .innerJoin('profiles', 'profiles.id', 'users.profile_id')
      .select(['profiles.id', 'profiles.name'])
      .where('users.tenant_id', '=', tenant.id)
      .where('users.email', '=', `member@${tenant.id}.example`)
      .executeTakeFirst();
    if (free) {
      await storeMessage(db, {
        tenantId: tenant.id,
        senderProfileId: profileId,
        recipientProfileId: free.id,
        content: { kind: 'text', text: text[7]!.replace('{name}', free.name) },
        at: new Date(at - 0.5 * HOUR),
      });
      stored++;
    }
  }
  return stored;
}
