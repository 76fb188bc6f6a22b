// The network overview's charts (docs/network-console.md): SVG drawn by React on the server, no chart
// library and no script needed — they show behind the strict CSP, without JavaScript and in print.
// Each chart is a figure with its caption, an `img` with the same accessible title, and a legend; the
// series colours are the Okabe–Ito palette, told apart with colour blindness and each with contrast
// on white.
import { useId } from 'react';
import styled from 'styled-components';

/** Colour-blind-safe series colours (Okabe–Ito), each with contrast on white; the eighth series takes the first again. */
export const SERIES_COLOURS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#8F7A00', '#56B4E9', '#000000'] as const;

export const seriesColour = (index: number): string => SERIES_COLOURS[index % SERIES_COLOURS.length]!;

export interface ChartLine {
  name: string;
  colour: string;
  /** One value per label. */
  values: number[];
}

export interface ChartBar {
  name: string;
  colour: string;
  value: number;
}

const W = 420;
const H = 240;
const PAD = { left: 60, right: 24, top: 12, bottom: 30 };
const INK = '#1d2430';
const MUTED = '#5a6475';
const GRID = '#d5dbe5';

/** The axis' top: the first of 1, 2, 5, 10 × a power of ten at or above the largest value (1 for nothing). */
export function niceMax(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return [1, 2, 5, 10].map((step) => step * power).find((candidate) => candidate >= value) ?? 10 * power;
}

const Figure = styled.figure`
  min-width: 0;
  margin: 0;

  figcaption {
    margin-bottom: ${({ theme }) => theme.space(1.5)};
    font-weight: 600;
  }
  & > svg {
    display: block;
    width: 100%;
    height: auto;
  }
`;

const Key = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.space(1)} ${theme.space(3)}`};
  margin: ${({ theme }) => `${theme.space(1.5)} 0 0`};
  padding: 0;
  list-style: none;
  font-size: ${({ theme }) => theme.fontSizes.sm};

  li {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(1)};
  }
  svg {
    flex: none;
  }
`;

/** Which colour is which series: a swatch and the name. */
export function Legend({ items }: { items: readonly { name: string; colour: string }[] }) {
  if (!items.length) return null;
  return (
    <Key data-testid="chart-legend">
      {items.map((item) => (
        <li key={`${item.name} ${item.colour}`}>
          <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
            <rect width="12" height="12" rx="2" fill={item.colour} />
          </svg>
          {item.name}
        </li>
      ))}
    </Key>
  );
}

/** A line chart: one line per series over the labels (YYYY-MM-DD, shown as MM-DD), a y axis from 0 with four grid lines. */
export function LineChart({ title, labels, lines, format }: { title: string; labels: readonly string[]; lines: readonly ChartLine[]; format: (value: number) => string }) {
  const titleId = useId();
  const max = niceMax(Math.max(0, ...lines.flatMap((line) => line.values)));
  const x = (i: number) => PAD.left + (labels.length <= 1 ? 0 : (i * (W - PAD.left - PAD.right)) / (labels.length - 1));
  const y = (v: number) => H - PAD.bottom - (v / max) * (H - PAD.top - PAD.bottom);
  const step = Math.max(1, Math.ceil(labels.length / 6));
  const at = (n: number) => n.toFixed(1);
  return (
    <Figure>
      <figcaption>{title}</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={titleId} data-chart="line">
        <title id={titleId}>{title}</title>
        <g data-axis="y">
          {[0, 0.25, 0.5, 0.75, 1].map((share) => (
            <g key={share}>
              <line x1={PAD.left} x2={W - PAD.right} y1={at(y(max * share))} y2={at(y(max * share))} stroke={GRID} />
              <text x={PAD.left - 6} y={at(y(max * share) + 4)} textAnchor="end" fontSize="12" fill={MUTED}>
                {format(max * share)}
              </text>
            </g>
          ))}
        </g>
        <g data-axis="x">
          <line x1={PAD.left} x2={W - PAD.right} y1={H - PAD.bottom} y2={H - PAD.bottom} stroke={MUTED} />
          {labels.map((label, i) =>
            i % step === 0 ? (
              <text key={label} x={at(x(i))} y={H - PAD.bottom + 16} textAnchor="middle" fontSize="12" fill={MUTED}>
                {label.slice(5)}
              </text>
            ) : null,
          )}
        </g>
        {lines.map((line) => (
          <g key={line.name} data-series={line.name}>
            <path d={line.values.map((v, i) => `${i ? 'L' : 'M'}${at(x(i))} ${at(y(v))}`).join(' ')} fill="none" stroke={line.colour} strokeWidth="2" strokeLinejoin="round" />
            {line.values.length <= 31 ? line.values.map((v, i) => <circle key={i} cx={at(x(i))} cy={at(y(v))} r="2.5" fill={line.colour} />) : null}
          </g>
        ))}
      </svg>
      <Legend items={lines} />
    </Figure>
  );
}

/** A horizontal bar chart comparing series (sites): the name, the bar and its value. */
export function BarChart({ title, bars, format }: { title: string; bars: readonly ChartBar[]; format: (value: number) => string }) {
  const titleId = useId();
  const max = niceMax(Math.max(0, ...bars.map((bar) => bar.value)));
  const row = 28;
  const label = 120;
  const height = bars.length * row + 8;
  return (
    <Figure>
      <figcaption>{title}</figcaption>
      <svg viewBox={`0 0 ${W} ${height}`} role="img" aria-labelledby={titleId} data-chart="bar">
        <title id={titleId}>{title}</title>
        {bars.map((bar, i) => {
          const width = ((W - label - 56) * Math.max(0, bar.value)) / max;
          return (
            <g key={bar.name} data-bar={bar.name}>
              <text x={label - 8} y={i * row + 20} textAnchor="end" fontSize="12" fill={INK}>
                {bar.name}
              </text>
              <rect x={label} y={i * row + 6} width={width.toFixed(1)} height="18" rx="3" fill={bar.colour} />
              <text x={(label + width + 6).toFixed(1)} y={i * row + 20} fontSize="12" fill={INK}>
                {format(bar.value)}
              </text>
            </g>
          );
        })}
        <line x1={label} x2={label} y1={2} y2={height - 2} stroke={MUTED} />
      </svg>
    </Figure>
  );
}
