// Issue 34 items 14, 20, 21, 22 and 23 as pure rules: the language of a logged-in member, the postback
// macros {network} and {ref}, one line per conversation or liker in the activity mail, the footer of
// a mail to someone without an account, and the funnel CSV's number format and (none) cells.
import { describe, expect, it } from 'vitest';
import type { User } from '~/.server/db/schema';
import { memberLocale } from '~/.server/i18n/negotiate';
import { renderMail } from '~/.server/mail/mail';
import { funnelCsv } from '~/.server/marketing/reports';
import { activityMail } from '~/.server/notifications/activity-mail';
import type { ActivityItem } from '~/.server/notifications/activity';
import { PostbacksSchema, renderTemplate } from '~/.server/tenants/postback-templates';
import { loadTenants } from '~/.server/tenants/registry';

const tenants = loadTenants('tenants');
const herz = tenants.find((t) => t.id === 'herzklopfen')!;
const flirt = tenants.find((t) => t.id === 'flirtlokaal')!;

describe('item 14: the language of a logged-in member', () => {
  it('is the member\'s saved language when the browser has no locale cookie', () => {
    expect(memberLocale(undefined, herz, { language: 'en' })).toBe('en');
    expect(memberLocale('other=1', herz, { language: 'en' })).toBe('en');
  });
  it('leaves the browser\'s own choice, a language the site does not show, and visitors as before', () => {
    expect(memberLocale('locale=de', herz, { language: 'en' })).toBe('de');
    expect(memberLocale(undefined, herz, { language: 'fr' })).toBe('de');
    expect(memberLocale(undefined, herz, null)).toBe('de');
  });
});

describe('item 20: postback macros', () => {
  it('carry the network and the publisher ref', () => {
    const url = renderTemplate('https://adnet.example/pb?net={network}&ref={ref}&cid={click_id}', {
      click_id: 'c1', sub1: '', sub2: '', sub3: '', event: 'lead', amount: '', currency: '', order_number: '', network: 'adnet', ref: 'pub 7&x',
    });
    expect(url).toBe('https://adnet.example/pb?net=adnet&ref=pub%207%26x&cid=c1');
    expect(PostbacksSchema.safeParse({ adnet: { lead: 'https://a.example/?n={network}&r={ref}' } }).success).toBe(true);
  });
  it('are used in the demo tenants\' templates', () => {
    for (const tenant of tenants) {
      for (const templates of Object.values(tenant.postbacks ?? {})) {
        for (const template of Object.values(templates)) expect(template).toMatch(/\{network\}[\s\S]*\{ref\}|\{ref\}[\s\S]*\{network\}/);
      }
    }
  });
});

describe('item 21: the activity mail', () => {
  const user = { id: 1, email: 'a@example.com', language: 'en' } as unknown as User;
  const card = (id: number) => ({ id, name: `Member${id}`, main_image: null }) as unknown as ActivityItem['profile'];
  const at = new Date('2026-11-20T10:00:00Z');
  it('names every conversation and every liker, one line each, with no "more news" count', () => {
    const messages: ActivityItem[] = [1, 2, 3, 4, 5].map((id) => ({ kind: 'new_messages', profile: card(id), conversation: id, count: 6, match: false, lastMessageId: id, lastAt: at }));
    const likes: ActivityItem[] = [6, 7].map((id) => ({ kind: 'like', profile: card(id), conversation: null, count: 1, match: false, lastMessageId: 0, lastAt: at }));
    const mail = activityMail(flirt, 'en', 'https://flirtlokaal.nl', user, [...messages, ...likes], 'token');
    expect(mail.paragraphs).toHaveLength(7);
    expect(mail.paragraphs.join('\n')).toContain('Member6');
    expect(mail.paragraphs.join('\n')).toContain('Member7');
    expect(mail.paragraphs.join('\n')).not.toMatch(/More news/);
  });
});

describe('item 22: a mail to someone without an account', () => {
  it('does not say it comes because of their account', () => {
    const visitor = renderMail(flirt, 'en', { subject: 's', heading: 'h', paragraphs: ['p'], recipient: 'contact' });
    expect(visitor.text).not.toMatch(/your account/);
    expect(visitor.text).toContain('because you wrote to FlirtLokaal with this e-mail address');
    const member = renderMail(flirt, 'en', { subject: 's', heading: 'h', paragraphs: ['p'] });
    expect(member.text).toContain('because of your account on FlirtLokaal');
  });
});

describe('item 23: the funnel CSV', () => {
  it('writes EPC with 4 decimals, revenue with 2 (also 0.00), and (none) where the page says so', () => {
    const csv = funnelCsv([
      { lander: 'video', variant: null, network: 'adnet', ref: null, sub1: null, visits: 4, signups: 1, confirmed: 1, firstPurchases: 1, revenue: [{ currency: 'EUR', amount: 2000 }] },
      { lander: null, variant: null, network: null, ref: null, sub1: null, visits: 3, signups: 0, confirmed: 0, firstPurchases: 0, revenue: [] },
    ]).split('\r\n');
    // The purchase rate is per signup (decision 0069): 1 first purchase of 1 signup.
    expect(csv[1]).toBe('video,(none),adnet,(none),(none),4,1,1,1,0.25,1,20.00,5.0000');
    // No signups: no purchase rate at all (empty), not 0.
    expect(csv[2]).toBe('(none),(none),(none),(none),(none),3,0,0,0,0,,0.00,0.0000');
  });
});
