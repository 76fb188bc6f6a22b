// The network console's pages (issue 35, docs/decisions/0050), rendered on the server as plain HTML
// with inline SVG charts: no script, so they work behind the strict CSP and print. Every word comes
// from locales/*.json in the staff member's language (Accept-Language, English by default).
import type { ReportRange } from '~/shared/marketing-types';
import type { Locale } from '~/shared/locales';
import { serverMessage } from '../i18n/messages';
import type { Amounts, Bucket, Rate, SeriesPoint, SiteOverview } from './overview';
import { totalsPerCurrency } from './overview';
import type { NetworkActor } from './staff';

export const escape = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
/** Colour-blind-safe series colours (Okabe–Ito), each with contrast on white. */
const COLOURS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#8F7A00', '#56B4E9', '#000000'];

export const STYLE = `*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2430;background:#f4f6f9;line-height:1.45}
header{background:#1d2430;color:#fff;padding:12px 16px;display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center;justify-content:space-between}
header h1{font-size:1.15rem;margin:0}header form{margin:0}header small{color:#d5dbe5}
main{max-width:1200px;margin:0 auto;padding:16px}section{background:#fff;border-radius:10px;padding:16px;margin:0 0 16px;box-shadow:0 1px 2px rgba(0,0,0,.08)}
h2{font-size:1.05rem;margin:0 0 12px}label{display:flex;flex-direction:column;gap:4px;font-weight:600;font-size:.9rem}
input,select{font:inherit;padding:8px 10px;border:1px solid #8a94a6;border-radius:6px;min-height:44px;background:#fff;color:#1d2430}
button,.button{font:inherit;font-weight:600;min-height:44px;padding:8px 16px;border-radius:6px;border:0;background:#0b5cad;color:#fff;cursor:pointer;text-decoration:none;display:inline-flex;align-items:center}
header button{background:#fff;color:#1d2430}
.range{display:flex;flex-wrap:wrap;gap:12px;align-items:flex-end}.table{overflow-x:auto}
table{border-collapse:collapse;width:100%;font-size:.9rem}th,td{padding:6px 8px;border-bottom:1px solid #e1e5eb;text-align:right;white-space:nowrap}th:first-child,td:first-child{text-align:left}
tfoot td{font-weight:700}.muted{color:#5a6475;font-size:.8rem}.charts{display:grid;gap:16px;grid-template-columns:repeat(auto-fit,minmax(min(100%,400px),1fr))}
figure{margin:0}figcaption{font-weight:600;margin-bottom:6px}svg{width:100%;height:auto;display:block}.legend{display:flex;flex-wrap:wrap;gap:4px 12px;font-size:.8rem;list-style:none;padding:0;margin:6px 0 0}
.legend span{display:inline-block;width:12px;height:12px;border-radius:2px;margin-right:4px;vertical-align:-1px}
.login{max-width:420px;margin:48px auto}.login form{display:flex;flex-direction:column;gap:12px}.error{color:#a4161a;font-weight:600}
article{border-bottom:1px solid #e1e5eb;padding:8px 0}pre{white-space:pre-wrap}
.sections{background:#2b3545}.sections ul{list-style:none;margin:0 auto;padding:0 8px;max-width:1200px;display:flex;flex-wrap:wrap}.sections a{color:#fff;display:inline-flex;align-items:center;min-height:44px;padding:0 12px;text-decoration:none;font-weight:600}.sections a:hover,.sections a:focus{text-decoration:underline}
.notice{background:#e6f4ea;color:#14532d;padding:10px 12px;border-radius:6px;font-weight:600}.alert{background:#fdecec;color:#8a1116;padding:10px 12px;border-radius:6px;font-weight:600}
.inline{display:flex;flex-wrap:wrap;gap:8px;align-items:center;margin:0}.secondary{background:#fff;color:#0b5cad;border:1px solid #0b5cad}.danger{background:#a4161a}
.stack{display:flex;flex-direction:column;gap:12px;max-width:480px}.attention{color:#8a1116;font-weight:700}a{color:#0b5cad}code{word-break:break-all}
.cards{display:grid;gap:16px;grid-template-columns:repeat(auto-fit,minmax(min(100%,340px),1fr))}.cards section{margin:0}.cards dl{display:grid;grid-template-columns:1fr auto;gap:0;margin:0}.cards dt,.cards dd{padding:6px 0;border-bottom:1px solid #e1e5eb;margin:0;display:flex;align-items:center;min-height:44px}.cards dd{justify-content:flex-end;gap:8px}
.cards dd a{display:inline-flex;align-items:center;justify-content:center;min-height:44px;min-width:44px;padding:0 4px}
table.audit th,table.audit td{text-align:left;white-space:normal}table.audit td:first-child{white-space:nowrap}h3{font-size:1rem;margin:16px 0 8px}
select{max-width:100%}.range label{max-width:100%;min-width:0}
@media (max-width:700px){table.staff thead,table.audit thead{display:none}table.staff tr,table.audit tr{display:block;padding:8px 0;border-bottom:1px solid #e1e5eb}table.staff th,table.staff td,table.audit td{display:block;text-align:left;white-space:normal;border:0;padding:4px 0}table.audit td:empty{display:none}}`;

/** The console's sections (issue 35): the admin-only ones shown to admins. */
export const NAV_LINKS: { href: string; label: string; adminOnly: boolean }[] = [
  { href: '/', label: 'network.nav.overview', adminOnly: false },
  { href: '/tenants', label: 'network.nav.sites', adminOnly: false },
  { href: '/health', label: 'network.nav.health', adminOnly: false },
  { href: '/staff', label: 'network.nav.staff', adminOnly: true },
  { href: '/audit', label: 'network.nav.audit', adminOnly: true },
  { href: '/security', label: 'network.nav.security', adminOnly: false },
];

function nav(locale: Locale, actor: NetworkActor | null): string {
  if (!actor) return '';
  const links = NAV_LINKS.filter((link) => !link.adminOnly || actor.role === 'network_admin');
  return `<nav class="sections" aria-label="${escape(serverMessage(locale, 'network.nav.label'))}"><ul>${links.map((link) => `<li><a href="${link.href}">${escape(serverMessage(locale, link.label))}</a></li>`).join('')}</ul></nav>`;
}

/** The console's header and its sections, the same on every page (the wizard's too). */
export function consoleHeader(locale: Locale, actor: NetworkActor | null): string {
  const t = (id: string, values?: Record<string, string | number>) => escape(serverMessage(locale, id, values));
  const who = actor
    ? `<small>${t('network.signedInAs', { name: actor.name, role: serverMessage(locale, `network.role.${actor.role}`) })}</small><form method="post" action="/logout"><button type="submit">${t('network.logout')}</button></form>`
    : '';
  return `<header><h1>${t('network.title')}</h1>${who}</header>${nav(locale, actor)}`;
}

export function layout(locale: Locale, title: string, body: string, actor: NetworkActor | null = null): string {
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" href="data:,"><title>${escape(title)}</title><style>${STYLE}</style></head>
<body>${consoleHeader(locale, actor)}<main>${body}</main></body></html>`;
}

export function loginPage(locale: Locale, state: { step: 'password' | 'code' | 'totp'; email?: string; token?: string; error?: string }): string {
  const t = (id: string) => escape(serverMessage(locale, id));
  const error = state.error ? `<p class="error" role="alert">${escape(state.error)}</p>` : '';
  const fields =
    state.step === 'password'
      ? `<label>${t('network.login.email')}<input type="email" name="email" autocomplete="username" required value="${escape(state.email ?? '')}"></label>
<label>${t('network.login.password')}<input type="password" name="password" autocomplete="current-password" required></label>`
      : `<p>${t(state.step === 'totp' ? 'network.login.totpAsked' : 'network.login.codeSent')}</p><input type="hidden" name="token" value="${escape(state.token ?? '')}"><input type="hidden" name="step" value="${state.step}">
<label>${t(state.step === 'totp' ? 'network.login.totp' : 'network.login.code')}<input name="code" inputmode="numeric" pattern="[0-9]{6}" maxlength="6" autocomplete="one-time-code" required autofocus></label>`;
  const restart = state.step === 'password' ? '' : `<p><a href="/login">${t('network.login.restart')}</a></p>`;
  return layout(locale, serverMessage(locale, 'network.login.title'), `<section class="login"><h2>${t('network.login.title')}</h2>${error}<form method="post" action="/login">${fields}<button type="submit">${t('network.login.submit')}</button></form>${restart}</section>`);
}

export function outboxPage(locale: Locale, mails: { id: number; to_address: string; subject: string; text: string; created_at: Date }[]): string {
  const list = mails.map((mail) => `<article data-testid="mail" data-to="${escape(mail.to_address)}"><h2>${escape(mail.subject)}</h2><p class="muted">${escape(mail.to_address)} · ${mail.created_at.toISOString()}</p><pre>${escape(mail.text)}</pre></article>`).join('');
  return layout(locale, serverMessage(locale, 'network.outbox.title'), `<section><h2>${escape(serverMessage(locale, 'network.outbox.title'))}</h2>${list}</section>`);
}

const money = (locale: Locale, amounts: Amounts) =>
  Object.entries(amounts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, minor]) => new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minor / 100))
    .join('<br>') || '–';

const percent = (locale: Locale, value: Rate) => {
  if (value.rate === null) return '–';
  const format = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  return `${format.format(value.rate)}<br><span class="muted">${format.format(value.low ?? 0)}–${format.format(value.high ?? 0)}</span>`;
};

/** The first day of every bucket from `from` to `to` (weeks start on Monday, as PostgreSQL's date_trunc). */
export function periods(range: ReportRange, bucket: Bucket): string[] {
  const day = new Date(`${range.from}T00:00:00Z`);
  if (bucket === 'week') day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  if (bucket === 'month') day.setUTCDate(1);
  const result: string[] = [];
  while (day.toISOString().slice(0, 10) <= range.to && result.length < 400) {
    result.push(day.toISOString().slice(0, 10));
    if (bucket === 'day') day.setUTCDate(day.getUTCDate() + 1);
    else if (bucket === 'week') day.setUTCDate(day.getUTCDate() + 7);
    else day.setUTCMonth(day.getUTCMonth() + 1);
  }
  return result;
}

interface Line {
  name: string;
  colour: string;
  values: number[];
}

const W = 420;
const H = 240;
const PAD = { left: 60, right: 14, top: 12, bottom: 30 };

function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return [1, 2, 5, 10].map((step) => step * power).find((candidate) => candidate >= value)!;
}

/** A line chart: one line per site over the buckets, a y axis from 0 with four grid lines. */
export function lineChart(title: string, labels: string[], lines: Line[], format: (value: number) => string): string {
  const max = niceMax(Math.max(0, ...lines.flatMap((line) => line.values)));
  const x = (i: number) => PAD.left + (labels.length <= 1 ? 0 : (i * (W - PAD.left - PAD.right)) / (labels.length - 1));
  const y = (v: number) => H - PAD.bottom - (v / max) * (H - PAD.top - PAD.bottom);
  const grid = [0, 0.25, 0.5, 0.75, 1]
    .map((f) => `<line x1="${PAD.left}" x2="${W - PAD.right}" y1="${y(max * f)}" y2="${y(max * f)}" stroke="#d5dbe5"/><text x="${PAD.left - 6}" y="${y(max * f) + 4}" text-anchor="end" font-size="12" fill="#5a6475">${escape(format(max * f))}</text>`)
    .join('');
  const step = Math.max(1, Math.ceil(labels.length / 6));
  const ticks = labels.map((label, i) => (i % step === 0 ? `<text x="${x(i)}" y="${H - PAD.bottom + 16}" text-anchor="middle" font-size="12" fill="#5a6475">${label.slice(5)}</text>` : '')).join('');
  const paths = lines
    .map((line) => {
      const points = line.values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`);
      const dots = line.values.length <= 31 ? line.values.map((v, i) => `<circle cx="${x(i).toFixed(1)}" cy="${y(v).toFixed(1)}" r="2.5" fill="${line.colour}"/>`).join('') : '';
      return `<polyline fill="none" stroke="${line.colour}" stroke-width="2" points="${points.join(' ')}"/>${dots}`;
    })
    .join('');
  return `<figure><figcaption>${escape(title)}</figcaption><svg viewBox="0 0 ${W} ${H}" role="img" aria-label="${escape(title)}">${grid}${ticks}${paths}</svg>${legend(lines)}</figure>`;
}

/** A horizontal bar chart comparing sites. */
export function barChart(title: string, bars: { name: string; colour: string; value: number }[], format: (value: number) => string): string {
  const max = niceMax(Math.max(0, ...bars.map((bar) => bar.value)));
  const row = 28;
  const height = bars.length * row + 8;
  const label = 120;
  const body = bars
    .map((bar, i) => {
      const width = ((W - label - 56) * bar.value) / max;
      return `<text x="${label - 8}" y="${i * row + 20}" text-anchor="end" font-size="12" fill="#1d2430">${escape(bar.name)}</text><rect x="${label}" y="${i * row + 6}" width="${width.toFixed(1)}" height="18" rx="3" fill="${bar.colour}"/><text x="${label + width + 6}" y="${i * row + 20}" font-size="12" fill="#1d2430">${escape(format(bar.value))}</text>`;
    })
    .join('');
  return `<figure><figcaption>${escape(title)}</figcaption><svg viewBox="0 0 ${W} ${height}" role="img" aria-label="${escape(title)}">${body}</svg></figure>`;
}

const legend = (lines: Line[]) => `<ul class="legend">${lines.map((line) => `<li><span style="background:${line.colour}"></span>${escape(line.name)}</li>`).join('')}</ul>`;

export function consolePage(locale: Locale, data: { actor: NetworkActor; range: ReportRange; bucket: Bucket; sites: SiteOverview[]; series: SeriesPoint[] }): string {
  const t = (id: string, values?: Record<string, string | number>) => escape(serverMessage(locale, id, values));
  const { range, bucket, sites } = data;
  const count = new Intl.NumberFormat(locale);
  // How many chargebacks, and what they took back (docs/network-console.md: net revenue subtracts it).
  const chargebacks = (n: number, amounts: Amounts) => (n ? `${count.format(n)}<br>${money(locale, amounts)}` : count.format(n));
  const query = `from=${range.from}&to=${range.to}&bucket=${bucket}`;
  const picker = `<form class="range" method="get" action="/"><label>${t('network.range.from')}<input type="date" name="from" value="${range.from}"></label><label>${t('network.range.to')}<input type="date" name="to" value="${range.to}"></label>
<label>${t('network.range.bucket')}<select name="bucket">${(['day', 'week', 'month'] as const).map((b) => `<option value="${b}"${b === bucket ? ' selected' : ''}>${t(`network.range.${b}`)}</option>`).join('')}</select></label><button type="submit">${t('network.range.apply')}</button>
<a class="button" href="/api/network/overview.php?${query}&amp;format=csv" download>${t('network.csv')}</a></form>`;
  const columns = ['site', 'visits', 'signups', 'confirmed', 'firstPurchases', 'purchases', 'revenue', 'refunds', 'chargebacks', 'netRevenue', 'signupRate', 'purchaseRate', 'arppu'];
  const head = `<tr>${columns.map((c) => `<th scope="col">${t(`network.col.${c}`)}</th>`).join('')}</tr>`;
  const rows = sites
    .map(
      (site) =>
        `<tr data-site="${escape(site.id)}"><th scope="row">${escape(site.name)}</th><td>${count.format(site.visits)}</td><td>${count.format(site.signups)}</td><td>${count.format(site.confirmed)}</td><td>${count.format(site.first_purchases)}</td><td>${count.format(site.purchases)}</td><td>${money(locale, site.revenue)}</td><td>${money(locale, site.refunds)}</td><td>${chargebacks(site.chargebacks, site.charged_back)}</td><td>${money(locale, site.net_revenue)}</td><td>${percent(locale, site.signup_rate)}</td><td>${percent(locale, site.purchase_rate)}</td><td>${money(locale, site.arppu)}</td></tr>`,
    )
    .join('');
  const sum = (field: 'visits' | 'signups' | 'confirmed' | 'first_purchases' | 'purchases') => count.format(sites.reduce((total, site) => total + site[field], 0));
  const foot = `<tr><td>${t('network.total')}</td><td>${sum('visits')}</td><td>${sum('signups')}</td><td>${sum('confirmed')}</td><td>${sum('first_purchases')}</td><td>${sum('purchases')}</td><td>${money(locale, totalsPerCurrency(sites, 'revenue'))}</td><td>${money(locale, totalsPerCurrency(sites, 'refunds'))}</td><td>${chargebacks(sites.reduce((total, site) => total + site.chargebacks, 0), totalsPerCurrency(sites, 'charged_back'))}</td><td>${money(locale, totalsPerCurrency(sites, 'net_revenue'))}</td><td></td><td></td><td></td></tr>`;
  const table = `<div class="table" tabindex="0" role="region" aria-label="${t('network.overview.title')}"><table><thead>${head}</thead><tbody>${rows}</tbody><tfoot>${foot}</tfoot></table></div><p class="muted">${t('network.note')}</p>`;

  const labels = periods(range, bucket);
  const colour = (i: number) => COLOURS[i % COLOURS.length]!;
  const valuesOf = (site: string, pick: (point: SeriesPoint) => number) => labels.map((label) => pick(data.series.find((p) => p.site === site && p.period === label) ?? { site, period: label, signups: 0, revenue: {} }));
  const signupLines = sites.map((site, i) => ({ name: site.name, colour: colour(i), values: valuesOf(site.id, (p) => p.signups) }));
  const currencies = [...new Set(data.series.flatMap((p) => Object.keys(p.revenue)))].sort();
  const revenueCharts = currencies.map((currency) => {
    const format = (v: number) => new Intl.NumberFormat(locale, { style: 'currency', currency, notation: 'compact' }).format(v / 100);
    const lines = sites.map((site, i) => ({ name: site.name, colour: colour(i), values: valuesOf(site.id, (p) => p.revenue[currency] ?? 0) })).filter((line) => line.values.some(Boolean));
    return lineChart(serverMessage(locale, 'network.chart.revenue', { currency }), labels, lines, format);
  });
  const charts = `<div class="charts">${lineChart(serverMessage(locale, 'network.chart.signups'), labels, signupLines, (v) => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(v))}${revenueCharts.join('')}${barChart(
    serverMessage(locale, 'network.chart.compare'),
    sites.map((site, i) => ({ name: site.name, colour: colour(i), value: site.signups })),
    (v) => count.format(v),
  )}</div>`;
  return layout(
    locale,
    serverMessage(locale, 'network.title'),
    `<section><h2>${t('network.overview.title')}</h2>${picker}</section><section>${table}</section><section><h2>${t('network.charts')}</h2>${charts}</section>`,
    data.actor,
  );
}
