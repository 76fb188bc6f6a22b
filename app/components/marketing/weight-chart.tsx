// A split's weight history (docs/decisions/0064) as a small SVG drawn on the server: the share of new
// visitors each variant was served, stacked to 100 %, as steps from one change to the next and on to
// now, under a visible caption, with its axes (share, time) and legend as HTML text so that they
// stay readable when the chart is squeezed to a phone's width. No script and no chart library: the
// page is complete without JavaScript, and the figures are also in the list of changes beside it
// for anyone who cannot see the chart.
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { SplitWeightChange } from '~/shared/marketing-types';
import { LocalTime } from '../operators/local-time';

/** Colours told apart by people with the common colour-vision deficiencies (Okabe–Ito). */
export const VARIANT_COLOURS = ['#0072b2', '#e69f00', '#009e73', '#cc79a7', '#56b4e9', '#d55e00'];

const WIDTH = 640;
const HEIGHT = 180;
/** Below this span the time axis says the time of day, not only the day. */
const TWO_DAYS = 2 * 24 * 3_600_000;

const Figure = styled.figure`
  margin: 0;

  figcaption {
    margin-bottom: 8px;
    font-size: ${({ theme }) => theme.fontSizes.sm};
    color: #3a4356;
  }
`;

/** The plot with its axes: the share on the left, the time below; the labels are HTML text, readable at every width. */
const Plot = styled.div`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  grid-template-rows: 160px auto;
  column-gap: 6px;
  font-size: 12px;
  color: #545d70;
  font-variant-numeric: tabular-nums;

  svg {
    display: block;
    width: 100%;
    height: 100%;
  }
`;

const ShareAxis = styled.div`
  position: relative;
  min-width: 4ch;

  span {
    position: absolute;
    right: 0;
    transform: translateY(-50%);
    line-height: 1;
  }
`;

const TimeAxis = styled.div`
  grid-column: 2;
  display: flex;
  justify-content: space-between;
  gap: 8px;
  padding-top: 4px;
`;

const Legend = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 16px;
  margin: 8px 0 0;
  padding: 0;
  list-style: none;
  font-size: ${({ theme }) => theme.fontSizes.sm};

  li {
    display: inline-flex;
    align-items: center;
    gap: 6px;
  }

  span[aria-hidden] {
    width: 12px;
    height: 12px;
    border-radius: 3px;
  }
`;

export function WeightChart({ history, variants, now, label }: { history: readonly SplitWeightChange[]; variants: readonly string[]; now: string; label: string }) {
  const intl = useIntl();
  const start = Date.parse(history[0]!.at);
  const end = Math.max(Date.parse(now), start + 60_000);
  // The plot is stretched to its box (preserveAspectRatio none): its shapes only, the text is outside
  // it. Hidden from screen readers: the caption names the figure and the list of changes has its figures.
  const x = (at: number) => ((at - start) / (end - start)) * WIDTH;
  const y = (share: number) => (1 - share) * HEIGHT;
  // Each change holds until the next one (or now): steps, stacked from the first variant up.
  const spans = history.map((change, index) => ({ from: Date.parse(change.at), to: index + 1 < history.length ? Date.parse(history[index + 1]!.at) : end, weights: change.weights }));
  const total = (weights: Record<string, number>) => variants.reduce((sum, v) => sum + (weights[v] ?? 0), 0) || 1;
  const bands = variants.map((variant, index) => {
    const below = (weights: Record<string, number>) => variants.slice(0, index).reduce((sum, v) => sum + (weights[v] ?? 0), 0) / total(weights);
    const top: string[] = [];
    const bottom: string[] = [];
    for (const span of spans) {
      const low = below(span.weights);
      const high = low + (span.weights[variant] ?? 0) / total(span.weights);
      top.push(`${x(span.from).toFixed(1)},${y(high).toFixed(1)}`, `${x(span.to).toFixed(1)},${y(high).toFixed(1)}`);
      bottom.unshift(`${x(span.to).toFixed(1)},${y(low).toFixed(1)}`, `${x(span.from).toFixed(1)},${y(low).toFixed(1)}`);
    }
    return { variant, points: [...top, ...bottom].join(' '), colour: VARIANT_COLOURS[index % VARIANT_COLOURS.length]! };
  });
  const short = end - start < TWO_DAYS;
  // In the operator's time zone (UTC on the server's render, so hydration matches).
  const moment = (at: number) => <LocalTime value={new Date(at).toISOString()} dateOnly={!short} />;
  return (
    <Figure data-testid="weight-chart">
      <figcaption>{label}</figcaption>
      <Plot>
        <ShareAxis aria-hidden="true">
          {[1, 0.5, 0].map((share) => (
            <span key={share} style={{ top: `${(1 - share) * 100}%` }}>
              {intl.formatNumber(share, { style: 'percent' })}
            </span>
          ))}
        </ShareAxis>
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" aria-hidden="true">
          {bands.map((band) => (
            <polygon key={band.variant} points={band.points} fill={band.colour} fillOpacity="0.85" data-variant={band.variant} />
          ))}
          {[0, 0.5, 1].map((share) => (
            <line key={share} x1={0} x2={WIDTH} y1={y(share)} y2={y(share)} stroke="#ffffff" strokeOpacity="0.7" strokeWidth="1" vectorEffect="non-scaling-stroke" />
          ))}
        </svg>
        <TimeAxis aria-hidden="true">
          <span>{moment(start)}</span>
          <span>{moment(end)}</span>
        </TimeAxis>
      </Plot>
      <Legend>
        {bands.map((band) => (
          <li key={band.variant}>
            <span aria-hidden="true" style={{ background: band.colour }} />
            {band.variant}
          </li>
        ))}
      </Legend>
    </Figure>
  );
}
