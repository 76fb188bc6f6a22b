// The account API over HTTP against the production build: shapes of docs/product.md §3/§7, cookies, errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_UA, request, startServer, type RunningServer } from '../support/server';
import { fitsNicheOfHost } from '../support/niche';

let server: RunningServer;
const HOST = 'flirtlokaal.nl';
const json = (method: string, path: string, body: unknown, headers: Record<string, string> = {}, host = HOST) =>
  request(server.port, host, path, { method, body: JSON.stringify(body), headers: { 'content-type': 'application/json', origin: `http://${host}`, ...headers } });
const cookieOf = (res: { headers: Record<string, unknown> }) => String(res.headers['set-cookie'] ?? '').split(';')[0]!;

const signup = {
  email: 'noor@example.com',
  name: 'Noor',
  password: 'a good password',
  date_of_birth: '1993-07-01',
  gender: 'female',
  seeking: 'male',
  country: 'NL',
  region: 'NL-UT',
  terms: true,
  orientation_consent: true,
};

beforeAll(async () => {
  server = await startServer({ SKIP_SEED: '1' });
});

afterAll(async () => {
  await server?.stop();
});

describe('POST /api/signup.php', () => {
  it('answers 400 with translated field texts', async () => {
    const res = await json('POST', '/api/signup.php', { ...signup, email: 'nope', name: '@noor', date_of_birth: '' }, { cookie: 'locale=en' });
    expect(res.status).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'validation',
      fields: { email: 'Invalid email', name: 'Username may not start with @', date_of_birth: 'Enter your date of birth (18+)' },
    });
  });

  it('creates the account, logs the member in (201 { user }) and sets a host-only HttpOnly session cookie', async () => {
    const res = await json('POST', '/api/signup.php', signup);
    expect(res.status).toBe(201);
    const { user } = res.json<{ user: Record<string, unknown> }>();
    expect(Object.keys(user).sort()).toEqual(
      ['credits', 'fictional_icon', 'language', 'notifications_disabled', 'paid_user', 'profile', 'signup_date', 'status'].sort(),
    );
    expect(user).toMatchObject({ status: 'not_confirmed', credits: 0, paid_user: false, language: 'nl', notifications_disabled: [] });
    expect(user.profile).toMatchObject({ name: 'Noor', country: 'NL', status: 'disabled', main_image: null });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^rdv_session=[\w-]+; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax/);
    expect(setCookie).not.toMatch(/Domain=/i);
    const me = await request(server.port, HOST, '/api/user.php', { headers: { cookie: cookieOf(res) } });
    expect(me.json<{ user: { profile: { name: string } } }>().user.profile.name).toBe('Noor');
  });

  it('answers 409 for an address that already has an account, offering login', async () => {
    const res = await json('POST', '/api/signup.php', signup, { cookie: 'locale=en' });
    expect(res.status).toBe(409);
    expect(res.json()).toMatchObject({ error: 'email_exists', message: 'An account with this e-mail address already exists', login: '/login' });
  });

  it('answers 403 where signups need a traffic source and none came', async () => {
    const res = await json('POST', '/api/signup.php', { ...signup, country: 'DE', region: 'DE-BY' }, {}, 'herzklopfen.de');
    expect(res.status).toBe(403);
    expect(res.json()).toMatchObject({ error: 'signups_closed' });
  });

  it('remembers a traffic source from the landing URL for the signup', async () => {
    const landing = await request(server.port, 'herzklopfen.de', '/?network=partner&ref=42&sub1=spring', { headers: { 'user-agent': BROWSER_UA } });
    const tracking = String(landing.headers['set-cookie']).match(/rdv_visit=[^;]+/)![0];
    const res = await json('POST', '/api/signup.php', { ...signup, email: 'lea@example.com', country: 'DE', region: 'DE-BY', ...fitsNicheOfHost('herzklopfen.de') }, { cookie: tracking }, 'herzklopfen.de');
    expect(res.status).toBe(201);
  });
});

describe('/api/user.php and /api/logout.php', () => {
  it('GET answers { user: null } for a visitor', async () => {
    expect((await request(server.port, HOST, '/api/user.php')).json()).toEqual({ user: null });
  });

  it('POST logs in; a wrong password answers the SPEC text', async () => {
    const wrong = await json('POST', '/api/user.php', { email: signup.email, password: 'nope' }, { cookie: 'locale=en' });
    expect(wrong.status).toBe(401);
    expect(wrong.json()).toEqual({ error: 'login_failed', message: 'Login failed, please try again' });
    const right = await json('POST', '/api/user.php', { email: signup.email, password: signup.password });
    expect(right.status).toBe(200);
    expect(right.json<{ user: { status: string } }>().user.status).toBe('not_confirmed');
  });

  it('a new session id at every login', async () => {
    const a = cookieOf(await json('POST', '/api/user.php', { email: signup.email, password: signup.password }));
    const b = cookieOf(await json('POST', '/api/user.php', { email: signup.email, password: signup.password }));
    expect(a).not.toBe(b);
  });

  it('PUT { language } changes the member\'s language; a visitor gets 403 authentication_required', async () => {
    expect((await json('PUT', '/api/user.php', { language: 'en' })).json()).toMatchObject({ error: 'authentication_required' });
    expect((await json('PUT', '/api/user.php', { language: 'en' })).status).toBe(403);
    const session = cookieOf(await json('POST', '/api/user.php', { email: signup.email, password: signup.password }));
    const res = await json('PUT', '/api/user.php', { language: 'en' }, { cookie: session });
    expect(res.json<{ user: { language: string } }>().user.language).toBe('en');
    expect((await json('PUT', '/api/user.php', { language: 'de' }, { cookie: session })).status).toBe(400);
  });

  it('a session of one tenant means nothing on another tenant', async () => {
    const session = cookieOf(await json('POST', '/api/user.php', { email: signup.email, password: signup.password }));
    const other = await request(server.port, 'rainbowhearts.co.uk', '/api/user.php', { headers: { cookie: session } });
    expect(other.json()).toEqual({ user: null });
  });

  it('GET /api/logout.php ends the session', async () => {
    const session = cookieOf(await json('POST', '/api/user.php', { email: signup.email, password: signup.password }));
    const out = await request(server.port, HOST, '/api/logout.php', { headers: { cookie: session } });
    expect(String(out.headers['set-cookie'])).toMatch(/^rdv_session=; Max-Age=0/);
    expect((await request(server.port, HOST, '/api/user.php', { headers: { cookie: session } })).json()).toEqual({ user: null });
  });
});

describe('/api/password-reset.php and /api/password.php', () => {
  it('answers an unknown address with the SPEC text', async () => {
    const res = await json('POST', '/api/password-reset.php', { email: 'nobody@example.com' }, { cookie: 'locale=en' });
    expect(res.status).toBe(404);
    expect(res.json()).toMatchObject({ message: 'E-mail address not found' });
  });

  it('answers past the daily limit with the SPEC text', async () => {
    for (let i = 0; i < 3; i++) expect((await json('POST', '/api/password-reset.php', { email: signup.email })).status).toBe(200);
    const res = await json('POST', '/api/password-reset.php', { email: signup.email }, { cookie: 'locale=en' });
    expect(res.status).toBe(429);
    expect(res.json()).toMatchObject({ message: 'Too many password reset emails sent, please try again tomorrow' });
  });

  it('refuses a bad link and different passwords with the SPEC texts', async () => {
    const mismatch = await json('POST', '/api/password-reset.php', { token: 'x', password: 'aaaaaaaa1', password_confirm: 'aaaaaaaa2' }, { cookie: 'locale=en' });
    expect(mismatch.json()).toMatchObject({ message: 'The entered passwords are not the same' });
    const bad = await json('POST', '/api/password-reset.php', { token: 'x', password: 'aaaaaaaa1', password_confirm: 'aaaaaaaa1' }, { cookie: 'locale=en' });
    expect(bad.json()).toMatchObject({ message: 'Link expired or invalid, request a new email' });
  });

  it('a password change needs the old password', async () => {
    const session = cookieOf(await json('POST', '/api/user.php', { email: signup.email, password: signup.password }));
    const res = await json('POST', '/api/password.php', { old_password: 'wrong', password: 'another good one' }, { cookie: `${session}; locale=en` });
    expect(res.json()).toMatchObject({ message: 'Please check your old password' });
  });
});

describe('settings', () => {
  it('PUT /api/notifications.php turns e-mail notification kinds off, refusing unknown kinds', async () => {
    const session = cookieOf(await json('POST', '/api/user.php', { email: signup.email, password: signup.password }));
    const unknown = await json('PUT', '/api/notifications.php', { disabled: ['promotions', 'nonsense'] }, { cookie: `${session}; locale=en` });
    expect(unknown.status).toBe(400);
    expect(unknown.json()).toEqual({ error: 'validation', message: 'Please check the highlighted fields', fields: { disabled: 'This value is not valid' } });
    const res = await json('PUT', '/api/notifications.php', { disabled: ['promotions', 'news'] }, { cookie: session });
    expect(res.json()).toEqual({ notifications_disabled: ['promotions', 'news'] });
    const me = await request(server.port, HOST, '/api/user.php', { headers: { cookie: session } });
    expect(me.json<{ user: { notifications_disabled: string[] } }>().user.notifications_disabled).toEqual(['promotions', 'news']);
    expect((await json('PUT', '/api/notifications.php', { disabled: [] })).status).toBe(403);
  });

  it('the settings page saves notification choices from a plain form', async () => {
    const session = cookieOf(await json('POST', '/api/user.php', { email: signup.email, password: signup.password }));
    const res = await request(server.port, HOST, '/notifications', {
      method: 'POST',
      body: 'intent=notifications&enabled=like&enabled=new_messages',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `${session}; locale=en`, origin: `http://${HOST}` },
    });
    expect(res.status).toBe(200);
    expect(res.text).toContain('Your settings have been saved.');
    const me = (await request(server.port, HOST, '/api/user.php', { headers: { cookie: session } })).json<{ user: { notifications_disabled: string[] } }>();
    expect(me.user.notifications_disabled).not.toContain('like');
    expect(me.user.notifications_disabled).toContain('promotions');
  });

  it('the settings page switches invisible mode on', async () => {
    const session = cookieOf(await json('POST', '/api/user.php', { email: signup.email, password: signup.password }));
    const res = await request(server.port, HOST, '/notifications', {
      method: 'POST',
      body: 'intent=privacy&invisible=on',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: session, origin: `http://${HOST}` },
    });
    expect(res.status).toBe(200);
    const page = await request(server.port, HOST, '/notifications', { headers: { cookie: session } });
    expect(page.text).toMatch(/name="invisible" checked=""/);
  });

  it('a visitor is sent to the login page', async () => {
    const res = await request(server.port, HOST, '/notifications');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/login');
  });
});

describe('deleting an account', () => {
  it('shows the retention offer, deletes with a reason, ends the session; the mailed link reactivates', async () => {
    const member = { ...signup, email: 'leaving@example.com', name: 'Leaving' };
    const session = cookieOf(await json('POST', '/api/signup.php', member));
    const offer = await request(server.port, HOST, '/account-delete', { headers: { cookie: `${session}; locale=en` } });
    expect(offer.text).toContain('data-testid="retention-offer"');
    expect(offer.text).toContain('50%');
    const done = await request(server.port, HOST, '/account-delete', {
      method: 'POST',
      body: 'reason=not_looking&comment=Bye',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: session, origin: `http://${HOST}` },
    });
    expect(done.status).toBe(302);
    expect(done.headers.location).toBe('/account-deleted');
    expect((await request(server.port, HOST, '/api/user.php', { headers: { cookie: session } })).json()).toEqual({ user: null });
    const login = await json('POST', '/api/user.php', { email: member.email, password: member.password }, { cookie: 'locale=en' });
    expect(login.json()).toMatchObject({ error: 'pending_deletion' });
    const outbox = await request(server.port, HOST, '/dev/outbox');
    const link = new RegExp(`href="http://${HOST}(/reactivate\\?token=[\\w-]+)"`).exec(outbox.text)![1]!;
    // Opening the link (as a mail scanner would) changes nothing; the page's button does.
    expect((await request(server.port, HOST, link)).text).toContain('data-testid="reactivate"');
    expect((await json('POST', '/api/user.php', { email: member.email, password: member.password })).status).toBe(403);
    const token = new URL(link, 'http://x').searchParams.get('token')!;
    const confirmed = await request(server.port, HOST, link, { method: 'POST', body: `token=${token}`, headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${HOST}`, cookie: 'locale=en' } });
    expect(confirmed.text).toContain('Your account is active again');
    expect((await json('POST', '/api/user.php', { email: member.email, password: member.password })).status).toBe(200);
  });
});

describe('the development outbox', () => {
  it('lists this tenant\'s mails, with the activation link on the host the member signed up on', async () => {
    const page = await request(server.port, HOST, '/dev/outbox');
    expect(page.status).toBe(200);
    expect(page.text).toContain(`href="http://${HOST}/activate?token=`);
    const other = await request(server.port, 'rainbowhearts.co.uk', '/dev/outbox');
    expect(other.text).not.toContain('noor@example.com');
  });
});
