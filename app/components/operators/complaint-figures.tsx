// Time to decision for complaints (decision 0029): received, open, decided, median and 95th percentile
// hours from receipt to decision — on the moderation queue and in the console's statistics.
import { FormattedMessage, FormattedNumber } from 'react-intl';
import styled from 'styled-components';
import type { ComplaintStats } from '~/shared/complaint-types';
import { Muted, Panel } from './parts';

const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(130px, 1fr));
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;

  dt {
    color: #545d70;
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }

  dd {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
    font-weight: 700;
  }
`;

const hours = (value: number | null) => (value === null ? '–' : <FormattedNumber value={value} maximumFractionDigits={1} />);

export function ComplaintFigures({ stats, days }: { stats: ComplaintStats; days: number }) {
  return (
    <Panel aria-labelledby="complaint-figures" data-testid="complaint-figures">
      <h2 id="complaint-figures">
        <FormattedMessage id="moderation.figures" defaultMessage="Complaints, last {days} days" values={{ days }} />
      </h2>
      <Figures>
        <div>
          <dt>
            <FormattedMessage id="moderation.figures.received" defaultMessage="Received" />
          </dt>
          <dd>{stats.received}</dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="moderation.figures.open" defaultMessage="Open now" />
          </dt>
          <dd>{stats.open}</dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="moderation.figures.decided" defaultMessage="Decided" />
          </dt>
          <dd>{stats.decided}</dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="moderation.figures.median" defaultMessage="Median hours to decision" />
          </dt>
          <dd data-testid="complaint-median">{hours(stats.medianHours)}</dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="moderation.figures.p95" defaultMessage="95% decided within (hours)" />
          </dt>
          <dd>{hours(stats.p95Hours)}</dd>
        </div>
      </Figures>
      <Muted>
        <FormattedMessage id="moderation.figures.note" defaultMessage="Time from receipt to decision." />
      </Muted>
    </Panel>
  );
}
