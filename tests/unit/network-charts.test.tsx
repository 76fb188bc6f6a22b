// The network overview's charts (app/components/network/charts.tsx, overview.tsx) as the server
// renders them: an accessible SVG image per chart with its title, the axes, one path per line, the
// bars with their values, a legend in the Okabe–Ito colours, and nothing broken without data.
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { BarChart, LineChart, niceMax, SERIES_COLOURS, seriesColour } from '~/components/network/charts';
import { OverviewCharts, overviewCharts } from '~/components/network/overview';
import { consoleTheme } from '~/network-console/theme';
import type { SeriesPoint, SiteOverview } from '~/shared/network-types';

const render = (node: ReactNode) =>
  renderToString(
    <IntlProvider locale="en" messages={{}} onError={() => {}}>
      <ThemeProvider theme={consoleTheme}>{node}</ThemeProvider>
    </IntlProvider>,
  );

/** The markup and a count of a pattern's matches in it. */
const dom = (html: string) => {
  const count = (pattern: RegExp) => (html.match(pattern) ?? []).length;
  return { html, count };
};

const labels = ['2026-05-01', '2026-05-02', '2026-05-03'];

describe('LineChart', () => {
  it('draws one path per line over the labels, a y axis from 0 with grid lines, and names itself', () => {
    const { html, count } = dom(
      render(
        <LineChart
          title="Signups per site"
          labels={labels}
          lines={[
            { name: 'FlirtLokaal', colour: SERIES_COLOURS[0], values: [1, 4, 2] },
            { name: 'Herzklopfen', colour: SERIES_COLOURS[1], values: [0, 3, 7] },
          ]}
          format={(v) => String(v)}
        />,
      ),
    );
    expect(count(/<svg[^>]*role="img"/g)).toBe(1);
    const labelled = /<svg[^>]*aria-labelledby="([^"]+)"/.exec(html)?.[1];
    expect(labelled).toBeTruthy();
    expect(html).toContain(`<title id="${labelled}">Signups per site</title>`);
    expect(html).toContain('<figcaption>Signups per site</figcaption>');
    // One path per line, in its colour; a dot per value.
    expect(count(/<path /g)).toBe(2);
    expect(html).toMatch(/<path d="M60\.0 [\d.]+ L[\d. L]+"[^>]*stroke="#0072B2"/);
    expect(html).toMatch(/stroke="#D55E00"/);
    expect(count(/<circle /g)).toBe(6);
    // The y axis runs from 0 to the nice maximum above 7 (10), in five steps; the x axis shows MM-DD.
    for (const tick of ['0', '2.5', '5', '7.5', '10']) expect(html).toContain(`>${tick}</text>`);
    for (const day of ['05-01', '05-02', '05-03']) expect(html).toContain(`>${day}</text>`);
    // The legend names each line beside its colour.
    expect(html).toContain('FlirtLokaal');
    expect(html).toContain('Herzklopfen');
    expect(count(/<rect width="12" height="12" rx="2" fill="#0072B2"/g)).toBe(1);
  });

  it('draws the axes alone when there is nothing to draw', () => {
    const { html, count } = dom(render(<LineChart title="Revenue per site (EUR)" labels={[]} lines={[]} format={(v) => String(v)} />));
    expect(count(/role="img"/g)).toBe(1);
    expect(count(/<path /g)).toBe(0);
    expect(html).not.toContain('NaN');
    expect(html).toContain('>0</text>');
    expect(html).not.toContain('data-testid="chart-legend"');
  });

  it('leaves out the dots of a long series', () => {
    const long = Array.from({ length: 40 }, (_, i) => i);
    const { count } = dom(render(<LineChart title="t" labels={long.map((i) => `2026-01-${String(i).padStart(2, '0')}`)} lines={[{ name: 'a', colour: '#000000', values: long }]} format={String} />));
    expect(count(/<path /g)).toBe(1);
    expect(count(/<circle /g)).toBe(0);
  });
});

describe('BarChart', () => {
  it('draws a bar per site with its name and value, the longest for the largest', () => {
    const { html, count } = dom(
      render(
        <BarChart
          title="Signups in the range, site by site"
          bars={[
            { name: 'FlirtLokaal', colour: seriesColour(0), value: 5 },
            { name: 'Herzklopfen', colour: seriesColour(1), value: 10 },
          ]}
          format={(v) => `${v} signups`}
        />,
      ),
    );
    expect(count(/role="img"/g)).toBe(1);
    expect(html).toContain('<title');
    const widths = [...html.matchAll(/<rect x="120" y="\d+" width="([\d.]+)"/g)].map((m) => Number(m[1]));
    expect(widths).toEqual([122, 244]);
    expect(html).toContain('>5 signups</text>');
    expect(html).toContain('>10 signups</text>');
    expect(html).toContain('>FlirtLokaal</text>');
  });

  it('draws no bar and no NaN for no sites or only zeros', () => {
    expect(dom(render(<BarChart title="t" bars={[]} format={String} />)).count(/<rect /g)).toBe(0);
    const zeros = render(<BarChart title="t" bars={[{ name: 'a', colour: '#000000', value: 0 }]} format={String} />);
    expect(zeros).toContain('width="0.0"');
    expect(zeros).not.toContain('NaN');
  });
});

describe('the overview charts', () => {
  const site = (id: string, name: string, signups: number): SiteOverview => ({
    id, name, status: 'active', visits: 10, signups, confirmed: 0, first_purchases: 0, purchases: 0, paying_members: 0,
    revenue: {}, refunds: {}, chargebacks: 0, charged_back: {}, net_revenue: {},
    signup_rate: { rate: null, low: null, high: null }, purchase_rate: { rate: null, low: null, high: null }, arppu: {},
  });
  const sites = [site('a', 'Alpha', 3), site('b', 'Beta', 1)];
  const series: SeriesPoint[] = [
    { site: 'a', period: '2026-05-01', signups: 2, revenue: { EUR: 1000 } },
    { site: 'a', period: '2026-05-03', signups: 1, revenue: { EUR: 500, USD: 200 } },
    { site: 'b', period: '2026-05-02', signups: 1, revenue: {} },
  ];

  it('fills the periods without a point with 0, gives each currency a chart of the sites with revenue in it', () => {
    const charts = overviewCharts(sites, series, labels);
    expect(charts.signups).toEqual([
      { name: 'Alpha', colour: '#0072B2', values: [2, 0, 1] },
      { name: 'Beta', colour: '#D55E00', values: [0, 1, 0] },
    ]);
    expect(charts.revenue.map((chart) => [chart.currency, chart.lines.map((line) => line.name)])).toEqual([['EUR', ['Alpha']], ['USD', ['Alpha']]]);
    expect(charts.compare.map((bar) => bar.value)).toEqual([3, 1]);
  });

  it('renders the signups chart, a revenue chart per currency and the comparison', () => {
    const html = render(<OverviewCharts sites={sites} series={series} labels={labels} />);
    expect((html.match(/role="img"/g) ?? []).length).toBe(4);
    expect(html).toContain('Revenue per site (EUR)');
    expect(html).toContain('Revenue per site (USD)');
    expect(html).toContain('Signups in the range, site by site');
  });

  it('renders an empty network without failing', () => {
    const html = render(<OverviewCharts sites={[]} series={[]} labels={labels} />);
    expect((html.match(/role="img"/g) ?? []).length).toBe(2);
    expect(html).not.toContain('NaN');
  });
});

describe('niceMax', () => {
  it('rounds up to 1, 2, 5 or 10 times a power of ten, 1 for nothing', () => {
    expect([0, -3, 0.3, 7, 12, 51, 1000].map(niceMax)).toEqual([1, 1, 0.5, 10, 20, 100, 1000]);
  });
});
