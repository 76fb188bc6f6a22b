// The console's site health (docs/network-console.md, docs/decisions/0052): one card per site, each
// figure with a link to the site's own console page that deals with it; a figure that needs
// attention is marked in words as well as colour.
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { Card } from './parts';

export type HealthFigureName =
  | 'postback_failures'
  | 'mail_bounces'
  | 'spam_complaints'
  | 'push_failures'
  | 'reconciliation_lag_seconds'
  | 'queue_oldest_seconds'
  | 'complaints_overdue'
  | 'photos_pending';

export interface HealthSite {
  id: string;
  name: string;
  status: 'active' | 'paused' | 'archived';
  figures: { figure: HealthFigureName; value: number; duration: boolean; attention: boolean; link: string }[];
}

const FIGURES = defineMessages({
  postback_failures: { id: 'network.health.postback_failures', defaultMessage: 'Failed postbacks' },
  mail_bounces: { id: 'network.health.mail_bounces', defaultMessage: 'Members whose mail bounced' },
  spam_complaints: { id: 'network.health.spam_complaints', defaultMessage: 'Members who marked mail as spam' },
  push_failures: { id: 'network.health.push_failures', defaultMessage: 'Failed push notifications' },
  reconciliation_lag_seconds: { id: 'network.health.reconciliation_lag_seconds', defaultMessage: 'Payment reconciliation behind by' },
  queue_oldest_seconds: { id: 'network.health.queue_oldest_seconds', defaultMessage: 'Oldest mail, SMS or postback waiting' },
  complaints_overdue: { id: 'network.health.complaints_overdue', defaultMessage: 'Complaints past their deadline' },
  photos_pending: { id: 'network.health.photos_pending', defaultMessage: 'Photos waiting for moderation' },
}) satisfies Record<HealthFigureName, unknown>;

const STATUS = defineMessages({
  paused: { id: 'network.sites.status.paused', defaultMessage: 'paused' },
  archived: { id: 'network.sites.status.archived', defaultMessage: 'archived' },
});

const Cards = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(4)};

  @media (min-width: ${({ theme }) => theme.breakpoints.md}px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  @media (min-width: ${({ theme }) => theme.breakpoints.xl}px) {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

const Figures = styled.dl`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  margin: 0;

  dt,
  dd {
    display: flex;
    align-items: center;
    min-height: 44px;
    margin: 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  dt {
    padding-right: ${({ theme }) => theme.space(2)};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
  dd {
    justify-content: flex-end;
    gap: ${({ theme }) => theme.space(2)};
    font-weight: 700;
    font-variant-numeric: tabular-nums;
    text-align: right;
  }
  dt:last-of-type,
  dd:last-of-type {
    border-bottom: 0;
  }
  a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    min-width: 44px;
    justify-content: center;
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 600;
  }
`;

const Attention = styled.span`
  color: ${({ theme }) => theme.colors.danger};

  small {
    display: block;
    font-weight: 600;
  }
`;

const Badge = styled.span`
  display: inline-block;
  margin-left: ${({ theme }) => theme.space(2)};
  padding: 2px 8px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 600;
  vertical-align: middle;
`;

function Duration({ seconds }: { seconds: number }) {
  const intl = useIntl();
  const unit = seconds >= 7200 ? 'hour' : seconds >= 120 ? 'minute' : 'second';
  const value = unit === 'hour' ? seconds / 3600 : unit === 'minute' ? seconds / 60 : seconds;
  return <>{intl.formatNumber(value, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 0 })}</>;
}

function SiteCard({ site }: { site: HealthSite }) {
  const intl = useIntl();
  return (
    <Card data-site={site.id}>
      <h2>
        {site.name}
        {site.status === 'active' ? null : <Badge data-status={site.status}>{intl.formatMessage(STATUS[site.status])}</Badge>}
      </h2>
      <Figures>
        {site.figures.map(({ figure, value, duration, attention, link }) => {
          const shown = duration ? <Duration seconds={value} /> : intl.formatNumber(value);
          return [
            <dt key={`${figure}-name`}>{intl.formatMessage(FIGURES[figure])}</dt>,
            <dd key={figure} data-figure={figure}>
              {attention ? (
                <Attention>
                  {shown}
                  <small>
                    <FormattedMessage id="network.health.attention" defaultMessage="needs attention" />
                  </small>
                </Attention>
              ) : (
                <span>{shown}</span>
              )}
              <a
                href={link}
                aria-label={intl.formatMessage(
                  { id: 'network.health.openFor', defaultMessage: 'Open {figure} on {site}' },
                  { figure: intl.formatMessage(FIGURES[figure]), site: site.name },
                )}
              >
                <FormattedMessage id="network.health.open" defaultMessage="Open" />
              </a>
            </dd>,
          ];
        })}
      </Figures>
    </Card>
  );
}

export function HealthCards({ sites }: { sites: readonly HealthSite[] }) {
  return (
    <Cards>
      {sites.map((site) => (
        <SiteCard key={site.id} site={site} />
      ))}
    </Cards>
  );
}
