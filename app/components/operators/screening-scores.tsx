// What the bundled model made of a photo in the moderation queue (docs/decisions/0065): whether
// screening held, passed or published it (or could not screen it), why it was held, and the five
// class scores as bars, the classes a site can hold on first.
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import styled from 'styled-components';
import { SCREENING_CLASSES, type ScreeningClass, type ScreeningView } from '~/shared/photo-screening';
import { Pill } from './parts';

export const classLabels: Record<ScreeningClass, MessageDescriptor> = defineMessages({
  porn: { id: 'photoScreening.class.porn', defaultMessage: 'Porn' },
  hentai: { id: 'photoScreening.class.hentai', defaultMessage: 'Hentai' },
  sexy: { id: 'photoScreening.class.sexy', defaultMessage: 'Sexy' },
  drawing: { id: 'photoScreening.class.drawing', defaultMessage: 'Drawing' },
  neutral: { id: 'photoScreening.class.neutral', defaultMessage: 'Neutral' },
});

const Scores = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(60px, 1fr) 4.5ch;
  align-items: center;
  column-gap: ${({ theme }) => theme.space(2)};
  row-gap: 4px;
  margin: 0;
  max-width: 420px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-variant-numeric: tabular-nums;

  dt {
    color: #3a4356;
  }

  dd {
    display: contents;
  }
`;

const Bar = styled.span<{ $share: number; $held: boolean }>`
  display: block;
  height: 8px;
  border-radius: 4px;
  background: linear-gradient(
    to right,
    ${({ $held }) => ($held ? '#c8283a' : '#5b6478')} ${({ $share }) => $share}%,
    #e9ecf3 ${({ $share }) => $share}%
  );
`;

const Figure = styled.span`
  text-align: right;
  color: #3a4356;
`;

const State = styled(Pill)`
  white-space: normal;
`;

const Group = styled.div`
  display: contents;
`;

const Wrap = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
`;

const percent = (intl: ReturnType<typeof useIntl>, value: number) => intl.formatNumber(value, { style: 'percent', maximumFractionDigits: value < 0.01 && value > 0 ? 1 : 0 });

export function ScreeningScores({ screening }: { screening: ScreeningView | null }) {
  const intl = useIntl();
  if (!screening) return null;
  const { state, scores, reason } = screening;
  return (
    <Wrap data-testid="photo-screening" data-state={state} data-risk={screening.risk === null ? undefined : screening.risk.toFixed(4)}>
      <div>
        {state === 'held' && reason ? (
          <State $tone="danger" data-testid="photo-held">
            <FormattedMessage
              id="photoScreening.held"
              defaultMessage="Held by screening: {class} {score}, this site holds from {threshold}"
              values={{ class: intl.formatMessage(classLabels[reason.class]), score: percent(intl, reason.score), threshold: percent(intl, reason.threshold) }}
            />
          </State>
        ) : state === 'published' ? (
          <State $tone="success">
            <FormattedMessage id="photoScreening.published" defaultMessage="Published by screening, review it afterwards" />
          </State>
        ) : state === 'passed' ? (
          <State $tone="neutral">
            <FormattedMessage id="photoScreening.passed" defaultMessage="Screened: below this site's hold thresholds" />
          </State>
        ) : state === 'failed' ? (
          <State $tone="warning" data-testid="photo-screening-failed">
            <FormattedMessage id="photoScreening.failed" defaultMessage="Screening failed: review it as usual" />
          </State>
        ) : (
          <State $tone="neutral">
            <FormattedMessage id="photoScreening.waiting" defaultMessage="Being screened…" />
          </State>
        )}
      </div>
      {scores ? (
        <Scores aria-label={intl.formatMessage({ id: 'photoScreening.scores', defaultMessage: 'Screening scores' })}>
          {SCREENING_CLASSES.map((name) => (
            <Group key={name} data-testid={`score-${name}`}>
              <dt>{intl.formatMessage(classLabels[name])}</dt>
              <dd>
                <Bar $share={Math.round(scores[name] * 100)} $held={reason?.class === name} aria-hidden />
                <Figure>{percent(intl, scores[name])}</Figure>
              </dd>
            </Group>
          ))}
        </Scores>
      ) : null}
    </Wrap>
  );
}
