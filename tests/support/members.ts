// Test members made over the API: signed up (and activated from the development outbox), with the
// session cookie a browser can take over.
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
    const outbox = await request(server.port, host, '/dev/outbox');
    const link = new RegExp(`data-to="${email}"[\\s\\S]*?href="[^"]*(/activate\\?token=[\\w-]+)"`).exec(outbox.text)?.[1];
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
