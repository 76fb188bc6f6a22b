// Test members made over the API: signed up (and activated from the development outbox), with the
// session cookie a browser can take over.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { fitsNicheOf } from './niche';
import { request, type RunningServer } from './server';

export const MEMBER_PASSWORD = 'member password 1';

export interface TestMember {
  email: string;
  session: string;
  profileId: number;
}

export async function signUpMember(
  server: RunningServer,
  tenant: string,
  input: { name: string; country: string; gender?: 'male' | 'female'; seeking?: 'male' | 'female' | 'both'; activate?: boolean; /** X-Forwarded-For of the signup (a server with TRUST_PROXY), so that many signups pass the per-address limit. */ ip?: string },
): Promise<TestMember> {
  const host = `${tenant}.localhost:${server.port}`;
  const email = `${input.name.toLowerCase()}@e2e.example`;
  const res = await request(server.port, host, '/api/signup.php', {
    method: 'POST',
    body: JSON.stringify({
      email,
      name: input.name,
      password: MEMBER_PASSWORD,
      date_of_birth: '1962-03-03',
      gender: input.gender ?? 'female',
      seeking: input.seeking ?? 'male',
      country: input.country,
      // A niche site takes only members of its pool (decision 0031).
      ...fitsNicheOf(tenant, input.gender ?? 'female'),
      terms: true,
      orientation_consent: true,
      tracking: { network: 'e2e' },
    }),
    headers: { 'content-type': 'application/json', origin: `http://${host}`, ...(input.ip ? { 'x-forwarded-for': input.ip } : {}) },
  });
  if (res.status !== 201) throw new Error(`signup of ${email} answered ${res.status}: ${res.text}`);
  const session = String(res.headers['set-cookie']).split(';')[0]!;
  if (input.activate !== false) {
    // The mail is in the outbox when the signup answers; a busy start (the demo's history) may take a moment longer.
    let link: string | undefined;
    for (let tries = 0; !link && tries < 20; tries++) {
      if (tries) await new Promise((resolve) => setTimeout(resolve, 500));
      const outbox = await request(server.port, host, '/dev/outbox');
      link = new RegExp(`data-to="${email}"[\\s\\S]*?href="[^"]*(/activate\\?token=[\\w-]+)"`).exec(outbox.text)?.[1];
    }
    if (!link) throw new Error(`no activation mail for ${email}`);
    await request(server.port, host, link);
  }
  const me = await request(server.port, host, '/api/user.php', { headers: { cookie: session } });
  return { email, session, profileId: me.json<{ user: { profile: { id: number } } }>().user.profile.id };
}

/** The browser cookie of a member's session on a tenant's host. */
export function sessionCookie(server: RunningServer, tenant: string, member: TestMember) {
  const [name, value] = member.session.split('=') as [string, string];
  return { name, value, url: `http://${tenant}.localhost:${server.port}` };
}

/** Buys a credit bundle through the sandbox checkout, as a member would (the member becomes premium). */
export async function buyCredits(server: RunningServer, tenant: string, member: TestMember, bundle = 'popular', method = 'ideal'): Promise<void> {
  const host = `${tenant}.localhost:${server.port}`;
  const origin = `http://${host}`;
  const created = await request(server.port, host, '/api/payment.php', {
    method: 'POST',
    body: JSON.stringify({ package: bundle, method }),
    headers: { 'content-type': 'application/json', origin, cookie: member.session },
  });
  if (created.status !== 201) throw new Error(`payment answered ${created.status}: ${created.text}`);
  const { payment } = created.json<{ payment: { checkout_url: string } }>();
  const settled = await request(server.port, host, new URL(payment.checkout_url).pathname, {
    method: 'POST',
    body: new URLSearchParams({ outcome: 'paid' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin, cookie: member.session },
  });
  if (settled.status !== 302) throw new Error(`sandbox checkout answered ${settled.status}`);
}

let pages = 0;

/**
 * A new member of `tenant` signed up over the API (not activated), logged in in a fresh browser
 * context `width` px wide, in `locale`, with the entry warning dismissed.
 */
export async function memberPage(
  server: RunningServer,
  browser: Browser,
  tenant: string,
  { locale, country, width = 1280, name = 'Buyer', seeking = 'male' }: { locale: string; country: string; width?: number; name?: string; seeking?: 'male' | 'female' },
): Promise<{ page: Page; base: string }> {
  pages++;
  const host = `${tenant}.localhost:${server.port}`;
  const base = `http://${host}`;
  const res = await request(server.port, host, '/api/signup.php', {
    method: 'POST',
    body: JSON.stringify({
      email: `${name.toLowerCase()}${pages}@e2e.example`,
      name: `${name}${pages}`.slice(0, 20),
      password: MEMBER_PASSWORD,
      date_of_birth: '1990-02-02',
      gender: 'female',
      seeking,
      country,
      terms: true,
      orientation_consent: true,
      tracking: { network: 'e2e' },
      ...fitsNicheOf(tenant),
    }),
    headers: { 'content-type': 'application/json', origin: base },
  });
  if (res.status !== 201) throw new Error(`signup on ${tenant} answered ${res.status}: ${res.text}`);
  const session = /rdv_session=([^;]+)/.exec(String(res.headers['set-cookie']))![1]!;
  const context = await memberContext(browser, base, { name: 'rdv_session', value: session }, { locale, width, height: 900 });
  return { page: await context.newPage(), base };
}

/** A browser context `width` px wide signed in with a member's session cookie on `base`, in `locale`, with the entry warning dismissed. */
export async function memberContext(
  browser: Browser,
  base: string,
  session: { name: string; value: string },
  { locale = 'en', width, height = width < 500 ? 812 : 900 }: { locale?: string; width: number; height?: number },
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width, height } });
  await context.addCookies([
    { name: 'locale', value: locale, url: base },
    { name: 'entry_warning_dismissed', value: String(Date.now()), url: base },
    { ...session, url: base, httpOnly: true, secure: true, sameSite: 'Lax' },
  ]);
  return context;
}
