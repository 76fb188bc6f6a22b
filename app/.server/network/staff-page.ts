// The network console's pages for staff (issue 35 item 1, docs/decisions/0051): staff management and
// the audit log (network admins), the staff member's own security page (TOTP enrolment) and the
// invitee's set-password page. Server-rendered HTML without script, like page.ts; every word from
// locales/*.json.
import type { Locale } from '~/shared/locales';
import { serverMessage } from '../i18n/messages';
import { escape, layout } from './page';
import type { AuditEntry, AuditQuery, StaffView } from './staff-admin';
import { NETWORK_ROLES, STAFF_PASSWORD_MIN } from './staff-admin';
import type { NetworkActor } from './staff';
import type { TotpEnrolment } from './totp';

type T = (id: string, values?: Record<string, string | number>) => string;
const translator = (locale: Locale): T => (id, values) => escape(serverMessage(locale, id, values));

export const when = (locale: Locale, iso: string | null) =>
  iso ? `${new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso))} UTC` : '–';

/** A one-line message after an action (`?done=` or `?error=` of the redirect), translated. */
export function flash(locale: Locale, query: URLSearchParams): string {
  const done = query.get('done');
  const error = query.get('error');
  const t = translator(locale);
  if (error && /^[a-z_]{1,30}$/.test(error)) return `<p class="alert" role="alert">${t(`network.flash.error.${error}`)}</p>`;
  if (done && /^[a-z_]{1,30}$/.test(done)) return `<p class="notice" role="status">${t(`network.flash.done.${done}`)}</p>`;
  return '';
}

const roleOptions = (t: T, selected: string) => NETWORK_ROLES.map((role) => `<option value="${role}"${role === selected ? ' selected' : ''}>${t(`network.role.${role}`)}</option>`).join('');

export function staffPage(locale: Locale, data: { actor: NetworkActor; staff: StaffView[]; flash: string }): string {
  const t = translator(locale);
  const rows = data.staff
    .map((s) => {
      const self = s.id === data.actor.id;
      const status = s.status === 'disabled' ? t('network.staff.disabled') : s.invited ? t('network.staff.invited') : t('network.staff.active');
      const label = (id: string) => t(id, { name: s.name });
      const role = self
        ? t(`network.role.${s.role}`)
        : `<form class="inline" method="post" action="/staff/${s.id}/role"><select name="role" aria-label="${label('network.staff.roleOf')}">${roleOptions(t, s.role)}</select><button type="submit" class="secondary">${t('network.staff.changeRole')}</button></form>`;
      const actions = [
        !self && s.status === 'active' ? `<form method="post" action="/staff/${s.id}/disable"><button type="submit" class="danger" aria-label="${label('network.staff.disableOf')}">${t('network.staff.disable')}</button></form>` : '',
        !self && s.status === 'disabled' ? `<form method="post" action="/staff/${s.id}/enable"><button type="submit" class="secondary" aria-label="${label('network.staff.enableOf')}">${t('network.staff.enable')}</button></form>` : '',
        s.totp ? `<form method="post" action="/staff/${s.id}/reset-totp"><button type="submit" class="secondary" aria-label="${label('network.staff.resetTotpOf')}">${t('network.staff.resetTotp')}</button></form>` : '',
      ].join('');
      return `<tr data-staff="${escape(s.email)}"><th scope="row">${escape(s.name)}<br><span class="muted">${escape(s.email)}</span></th><td>${role}</td><td>${status}</td><td>${s.totp ? t('network.staff.totpOn') : t('network.staff.totpOff')}</td><td>${when(locale, s.last_login_at)}</td><td><div class="inline">${actions}</div></td></tr>`;
    })
    .join('');
  const head = ['name', 'role', 'status', 'secondStep', 'lastLogin', 'actions'].map((c) => `<th scope="col">${t(`network.staff.col.${c}`)}</th>`).join('');
  const invite = `<form class="stack" method="post" action="/staff/invite"><label>${t('network.staff.name')}<input name="name" required maxlength="100" autocomplete="off"></label><label>${t('network.login.email')}<input type="email" name="email" required maxlength="254" autocomplete="off"></label>
<label>${t('network.staff.role')}<select name="role">${roleOptions(t, 'network_analyst')}</select></label><button type="submit">${t('network.staff.invite')}</button></form><p class="muted">${t('network.staff.inviteNote')}</p>`;
  return layout(
    locale,
    serverMessage(locale, 'network.staff.title'),
    `${data.flash}<section><h2>${t('network.staff.title')}</h2><div class="table"><table class="staff"><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table></div><p class="muted">${t('network.staff.rule')}</p></section><section><h2>${t('network.staff.inviteTitle')}</h2>${invite}</section>`,
    data.actor,
  );
}

export function auditPage(locale: Locale, data: { actor: NetworkActor; staff: StaffView[]; query: AuditQuery; entries: AuditEntry[]; page: number; more: boolean; actions: string[] }): string {
  const t = translator(locale);
  const { query } = data;
  const params = (page: number) => {
    const search = new URLSearchParams();
    if (query.staffId !== undefined) search.set('staff', String(query.staffId));
    if (query.action) search.set('action', query.action);
    if (page > 1) search.set('page', String(page));
    return search.toString();
  };
  const staffOptions = `<option value="">${t('network.audit.anyone')}</option>${data.staff.map((s) => `<option value="${s.id}"${s.id === query.staffId ? ' selected' : ''}>${escape(s.name)} (${escape(s.email)})</option>`).join('')}`;
  const actionOptions = `<option value="">${t('network.audit.anyAction')}</option>${data.actions.map((a) => `<option value="${escape(a)}"${a === query.action ? ' selected' : ''}>${escape(a)}</option>`).join('')}`;
  const csv = `/api/network/audit.php?${params(1)}${params(1) ? '&amp;' : ''}format=csv`;
  const filter = `<form class="range" method="get" action="/audit"><label>${t('network.audit.staff')}<select name="staff">${staffOptions}</select></label><label>${t('network.audit.action')}<select name="action">${actionOptions}</select></label><button type="submit">${t('network.range.apply')}</button><a class="button secondary" href="${csv}" download>${t('network.csv')}</a></form>`;
  const rows = data.entries
    .map((e) => {
      const detail = e.detail ? Object.entries(e.detail).map(([k, v]) => `${escape(k)}: ${escape(typeof v === 'string' ? v : JSON.stringify(v))}`).join('<br>') : '';
      return `<tr data-action="${escape(e.action)}"><td>${when(locale, e.at)}</td><td>${escape(e.staff_email ?? '–')}</td><td>${escape(e.action)}</td><td>${escape(e.ip ?? '–')}</td><td class="detail">${detail}</td></tr>`;
    })
    .join('');
  const head = ['when', 'who', 'what', 'from', 'detail'].map((c) => `<th scope="col">${t(`network.audit.col.${c}`)}</th>`).join('');
  const empty = data.entries.length ? '' : `<p>${t('network.audit.empty')}</p>`;
  const pager = `<nav class="inline" aria-label="${t('network.audit.pages')}">${data.page > 1 ? `<a class="button secondary" href="/audit?${params(data.page - 1)}" rel="prev">${t('network.audit.newer')}</a>` : ''}<span>${t('network.audit.page', { page: data.page })}</span>${data.more ? `<a class="button secondary" href="/audit?${params(data.page + 1)}" rel="next">${t('network.audit.older')}</a>` : ''}</nav>`;
  return layout(
    locale,
    serverMessage(locale, 'network.audit.title'),
    `<section><h2>${t('network.audit.title')}</h2>${filter}</section><section><div class="table"><table class="audit"><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table></div>${empty}${pager}</section>`,
    data.actor,
  );
}

export function securityPage(locale: Locale, data: { actor: NetworkActor; totp: TotpEnrolment; flash: string }): string {
  const t = translator(locale);
  const state = data.totp.enabled ? `<p>${t('network.security.on')}</p>` : `<p>${t('network.security.off')}</p>`;
  const pending = data.totp.pending
    ? `<h3>${t('network.security.scanTitle')}</h3><p>${t('network.security.scan')}</p><p><a class="button secondary" href="${escape(data.totp.pending.uri)}">${t('network.security.openApp')}</a></p>
<p>${t('network.security.key')}<br><code data-testid="totp-key">${escape(data.totp.pending.key.replace(/(.{4})/g, '$1 ').trim())}</code></p><p class="muted">${t('network.security.uri')}<br><code data-testid="totp-uri">${escape(data.totp.pending.uri)}</code></p>
<form class="stack" method="post" action="/security/totp/confirm"><label>${t('network.security.firstCode')}<input name="code" inputmode="numeric" pattern="[0-9]{6}" maxlength="6" autocomplete="one-time-code" required></label><button type="submit">${t('network.security.confirm')}</button></form>`
    : `<form method="post" action="/security/totp/start"><button type="submit">${t(data.totp.enabled ? 'network.security.replace' : 'network.security.start')}</button></form>`;
  return layout(locale, serverMessage(locale, 'network.security.title'), `${data.flash}<section><h2>${t('network.security.title')}</h2>${state}${pending}</section>`, data.actor);
}

export function setPasswordPage(locale: Locale, data: { token: string; staff: { email: string; name: string } | null; error?: string }): string {
  const t = translator(locale);
  const body = data.staff
    ? `<p>${t('network.setPassword.for', { name: data.staff.name, email: data.staff.email })}</p>${data.error ? `<p class="error" role="alert">${escape(data.error)}</p>` : ''}<form method="post" action="/set-password"><input type="hidden" name="token" value="${escape(data.token)}">
<input type="hidden" name="username" value="${escape(data.staff.email)}" autocomplete="username"><label>${t('network.setPassword.password', { min: STAFF_PASSWORD_MIN })}<input type="password" name="password" minlength="${STAFF_PASSWORD_MIN}" maxlength="200" autocomplete="new-password" required></label><button type="submit">${t('network.setPassword.submit')}</button></form>`
    : `<p class="error" role="alert">${t('network.setPassword.invalid')}</p>`;
  return layout(locale, serverMessage(locale, 'network.setPassword.title'), `<section class="login"><h2>${t('network.setPassword.title')}</h2>${body}</section>`);
}

export function forbiddenPage(locale: Locale, actor: NetworkActor): string {
  const t = translator(locale);
  return layout(locale, serverMessage(locale, 'network.forbidden.title'), `<section><h2>${t('network.forbidden.title')}</h2><p>${t('network.forbidden.text')}</p></section>`, actor);
}
