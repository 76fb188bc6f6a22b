// The console's site health page (issue 35 item 3, docs/decisions/0052): one card per site, each
// figure linking to the site's own console page that deals with it; a figure that needs attention
// is marked in words as well as colour.
import type { Locale } from '~/shared/locales';
import { serverMessage } from '../i18n/messages';
import { QUEUE_STALE_SECONDS } from '../jobs/outbox-stats';
import { DURATION_FIGURES, HEALTH_FIGURES, HEALTH_WINDOW_DAYS, COMPLAINT_DEADLINE_HOURS, type HealthFigure, type SiteHealth } from './health';
import { escape, layout } from './page';
import type { NetworkActor } from './staff';

function duration(locale: Locale, seconds: number): string {
  const unit = seconds >= 7200 ? 'hour' : seconds >= 120 ? 'minute' : 'second';
  const value = unit === 'hour' ? seconds / 3600 : unit === 'minute' ? seconds / 60 : seconds;
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 0 }).format(value);
}

/**
 * Lag under 15 minutes is the ordinary rhythm of reconciliation, a queue whose oldest due row waited
 * under QUEUE_STALE_SECONDS is being drained; any other figure needs attention when it is not 0.
 */
const needsAttention = (figure: HealthFigure, value: number) =>
  figure === 'reconciliation_lag_seconds' ? value > 900 : figure === 'queue_oldest_seconds' ? value > QUEUE_STALE_SECONDS : value > 0;

export function healthPage(locale: Locale, data: { actor: NetworkActor; sites: SiteHealth[]; at: Date }): string {
  const t = (id: string, values?: Record<string, string | number>) => escape(serverMessage(locale, id, values));
  const count = new Intl.NumberFormat(locale);
  const cards = data.sites
    .map((site) => {
      const rows = HEALTH_FIGURES.map((figure) => {
        const value = site.figures[figure];
        const shown = DURATION_FIGURES.has(figure) ? duration(locale, value) : count.format(value);
        const attention = needsAttention(figure, value);
        return `<dt>${t(`network.health.${figure}`)}</dt><dd data-figure="${figure}"><span${attention ? ' class="attention"' : ''}>${shown}${attention ? ` <span class="muted">(${t('network.health.attention')})</span>` : ''}</span><a href="${escape(site.links[figure])}" aria-label="${t('network.health.openFor', { figure: serverMessage(locale, `network.health.${figure}`), site: site.name })}">${t('network.health.open')}</a></dd>`;
      }).join('');
      return `<section data-site="${escape(site.id)}"><h3>${escape(site.name)}</h3><dl>${rows}</dl></section>`;
    })
    .join('');
  return layout(
    locale,
    serverMessage(locale, 'network.health.title'),
    `<section><h2>${t('network.health.title')}</h2><p class="muted">${t('network.health.note', { days: HEALTH_WINDOW_DAYS, hours: COMPLAINT_DEADLINE_HOURS })}</p></section><div class="cards">${cards}</div>`,
    data.actor,
  );
}
