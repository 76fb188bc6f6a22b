// A split's weight history (docs/decisions/0064) as a small SVG drawn on the server: the share of new
// visitors each variant was served, stacked to 100 %, as steps from one change to the next and on to
// now. No script and no chart library: the page is complete without JavaScript, and the figures are
// also in the list of changes beside it for anyone who cannot see the chart.
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { SplitWeightChange } from '~/shared/marketing-types';

/** Colours told apart by people with the common colour-vision deficiencies (Okabe–Ito). */
export const VARIANT_COLOURS = ['#0072b2', '#e69f00', '#009e73', '#cc79a7', '#56b4e9', '#d55e00'];

const WIDTH = 640;
const HEIGHT = 180;
const PAD = { left: 36, right: 8, top: 8, bottom: 22 };

const Figure = styled.figure`
  margin: 0;

  svg {
    display: block;
    width: 100%;
    height: auto;
    max-height: 220px;
  }

  text {
    font-size: 11px;
    fill: #545d70;
  }
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
  const x = (at: number) => PAD.left + ((at - start) / (end - start)) * (WIDTH - PAD.left - PAD.right);
  const y = (share: number) => PAD.top + (1 - share) * (HEIGHT - PAD.top - PAD.bottom);
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
  const day = (at: number) => intl.formatDate(at, { day: 'numeric', month: 'short' });
  return (
    <Figure data-testid="weight-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label}>
        {[0, 0.5, 1].map((share) => (
          <g key={share}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(share)} y2={y(share)} stroke="#dfe2ea" strokeWidth="1" />
            <text x={PAD.left - 6} y={y(share) + 4} textAnchor="end">
              {intl.formatNumber(share, { style: 'percent' })}
            </text>
          </g>
        ))}
        {bands.map((band) => (
          <polygon key={band.variant} points={band.points} fill={band.colour} fillOpacity="0.85" data-variant={band.variant} />
        ))}
        <text x={PAD.left} y={HEIGHT - 6}>
          {day(start)}
        </text>
        <text x={WIDTH - PAD.right} y={HEIGHT - 6} textAnchor="end">
          {day(end)}
        </text>
      </svg>
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
