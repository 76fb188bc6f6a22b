// One split's optimisation (docs/decisions/0064): its mode, the statement of a winner, each variant's
// evidence from every visit behind the split so far (visits, goal, rate or EPC with its 95 % interval,
// the probability of being best, the share of new visitors it gets now), the weight history and the
// marketer's switches — auto toward a goal, back to fixed weights, or the winner frozen.
import { Form } from '@remix-run/react';
import { defineMessages, FormattedMessage, FormattedNumber, useIntl, type MessageDescriptor } from 'react-intl';
import styled from 'styled-components';
import { SPLIT_GOALS, type SplitGoal, type SplitOptimisation, type SplitWeightChange } from '~/shared/marketing-types';
import { LocalTime } from '../operators/local-time';
import { Muted, Notice, Panel, Pill, SmallButton } from '../operators/parts';
import { Code, ReportTable, TableScroll } from './parts';
import { VARIANT_COLOURS, WeightChart } from './weight-chart';

const texts = defineMessages({
  fixed: { id: 'marketing.splits.mode.fixed', defaultMessage: 'Fixed weights' },
  auto: { id: 'marketing.splits.mode.auto', defaultMessage: 'Auto: {goal}' },
  frozen: { id: 'marketing.splits.mode.frozen', defaultMessage: 'Ended: {variant} for everyone new' },
  warmup: { id: 'marketing.splits.phase.warmup', defaultMessage: 'Warming up: the tenant file’s weights until every variant has {count} visits.' },
  running: { id: 'marketing.splits.phase.auto', defaultMessage: 'New visitors follow the current weights, computed again every 5 minutes; every variant keeps at least {floor}. Returning visitors keep the variant they saw first.' },
  fixedNote: { id: 'marketing.splits.phase.fixed', defaultMessage: 'New visitors are served by the fixed weights of the tenant file; returning visitors keep the variant they saw first.' },
  frozenNote: { id: 'marketing.splits.phase.frozen', defaultMessage: 'The test has ended: every new visitor gets {variant}; returning visitors keep the variant they saw first.' },
  winner: { id: 'marketing.splits.winner', defaultMessage: '{variant} is the best variant with {probability} probability.' },
  leading: { id: 'marketing.splits.leading', defaultMessage: 'No winner yet: {variant} leads with {probability} probability of being best; a winner needs 95 %.' },
  allVisits: { id: 'marketing.splits.allVisits', defaultMessage: 'All visits of the split so far' },
  payers: { id: 'marketing.col.payers', defaultMessage: 'Paying members' },
  rate: { id: 'marketing.col.rate', defaultMessage: 'Rate' },
  interval: { id: 'marketing.col.interval95', defaultMessage: '95 % interval' },
  best: { id: 'marketing.col.probabilityBest', defaultMessage: 'Probability of being best' },
  weight: { id: 'marketing.col.weight', defaultMessage: 'Current weight' },
  history: { id: 'marketing.splits.history', defaultMessage: 'Weight history' },
  chart: { id: 'marketing.splits.chart', defaultMessage: 'Share of new visitors per variant over time' },
  changes: { id: 'marketing.splits.changes', defaultMessage: 'Weight changes' },
  noChanges: { id: 'marketing.splits.noChanges', defaultMessage: 'No weights computed yet: the first round runs at start and then every 5 minutes.' },
  controls: { id: 'marketing.splits.controls', defaultMessage: 'Mode' },
  goalLabel: { id: 'marketing.splits.goalLabel', defaultMessage: 'Optimise toward' },
  startAuto: { id: 'marketing.splits.startAuto', defaultMessage: 'Optimise automatically' },
  toFixed: { id: 'marketing.splits.toFixed', defaultMessage: 'Back to fixed weights' },
  freeze: { id: 'marketing.splits.freeze', defaultMessage: 'Freeze {variant} and end the test' },
  fileSays: { id: 'marketing.splits.fileSays', defaultMessage: 'The tenant file declares: {mode}.' },
});

export const GOAL_TEXTS: Record<SplitGoal, MessageDescriptor> = defineMessages({
  signups: { id: 'marketing.splits.goal.signups', defaultMessage: 'signups per visit' },
  confirmed: { id: 'marketing.splits.goal.confirmed', defaultMessage: 'confirmed signups per visit' },
  revenue: { id: 'marketing.splits.goal.revenue', defaultMessage: 'revenue per visit (EPC)' },
});

const REASON_TEXTS: Record<SplitWeightChange['reason'], MessageDescriptor> = defineMessages({
  start: { id: 'marketing.splits.reason.start', defaultMessage: 'Computed at start' },
  schedule: { id: 'marketing.splits.reason.schedule', defaultMessage: 'Computed by the schedule' },
  file: { id: 'marketing.splits.reason.file', defaultMessage: 'The tenant file declared another mode' },
  auto: { id: 'marketing.splits.reason.auto', defaultMessage: '{operator} switched to auto' },
  fixed: { id: 'marketing.splits.reason.fixed', defaultMessage: '{operator} went back to fixed weights' },
  freeze: { id: 'marketing.splits.reason.freeze', defaultMessage: '{operator} froze the winner' },
});

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px 16px;
  margin-bottom: ${({ theme }) => theme.space(3)};

  h2 {
    margin: 0;
  }
`;

const Statement = styled.p<{ $won: boolean }>`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  padding: 12px 14px;
  border-radius: ${({ theme }) => theme.radii.sm};
  border-left: 4px solid ${({ $won }) => ($won ? '#146c3a' : '#8a93a6')};
  background: ${({ $won, theme }) => ($won ? theme.colors.successSurface : '#f3f4f8')};
  font-weight: 700;
`;

const Columns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  margin-top: ${({ theme }) => theme.space(4)};

  @media (min-width: ${({ theme }) => theme.breakpoints.lg}px) {
    grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
  }

  h3 {
    margin: 0 0 ${({ theme }) => theme.space(2)};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    text-transform: uppercase;
    letter-spacing: 0.04em;
    color: #3a4356;
  }
`;

const Changes = styled.ol`
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: ${({ theme }) => theme.fontSizes.sm};

  li {
    padding: 6px 0;
    border-bottom: 1px solid #eef0f4;
  }

  li:last-child {
    border-bottom: 0;
  }
`;

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 12px;
  margin-top: ${({ theme }) => theme.space(4)};
  padding-top: ${({ theme }) => theme.space(3)};
  border-top: 1px solid #eef0f4;

  form {
    display: flex;
    flex-wrap: wrap;
    align-items: flex-end;
    gap: 8px;
  }

  label {
    display: grid;
    gap: 4px;
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: 700;
  }

  select {
    min-height: 36px;
    padding: 0 8px;
    border: 1px solid #c5cad6;
    border-radius: ${({ theme }) => theme.radii.sm};
    font: inherit;
    background: #ffffff;
  }
`;

const Swatch = styled.span`
  display: inline-block;
  width: 10px;
  height: 10px;
  margin-right: 6px;
  border-radius: 2px;
`;

const Share = styled.span`
  display: inline-block;
  width: 64px;
  height: 8px;
  margin-left: 8px;
  border-radius: 4px;
  background: #e4e7ee;
  vertical-align: middle;
  overflow: hidden;

  span {
    display: block;
    height: 100%;
    background: ${({ theme }) => theme.colors.primary};
  }
`;

const pct = (value: number, digits = 1) => <FormattedNumber value={value} style="percent" minimumFractionDigits={digits} maximumFractionDigits={digits} />;

export function SplitOptimisationPanel({ split, now }: { split: SplitOptimisation; now: string }) {
  const intl = useIntl();
  const t = (descriptor: MessageDescriptor, values?: Record<string, string | number>) => intl.formatMessage(descriptor, values);
  const goal = t(GOAL_TEXTS[split.goal]);
  const revenue = split.goal === 'revenue';
  // EPC in the major unit with 3 decimals (decision 0028): a cent per click and less is a real number.
  const money = (minor: number) => intl.formatNumber(minor / 100, { style: 'currency', currency: split.currency, minimumFractionDigits: 3, maximumFractionDigits: 3 });
  const value = (v: number | null) => (v === null ? '–' : revenue ? money(v) : intl.formatNumber(v, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }));
  const modeText = split.mode === 'auto' ? t(texts.auto, { goal }) : split.mode === 'frozen' ? t(texts.frozen, { variant: split.winner ?? '' }) : t(texts.fixed);
  const fileMode = split.fileMode === 'auto' ? t(texts.auto, { goal: t(GOAL_TEXTS[split.fileGoal]) }) : t(texts.fixed);
  const probability = (p: number) => intl.formatNumber(p, { style: 'percent', maximumFractionDigits: 1 });
  const headingId = `split-${split.slug}`;
  // What the goal counts, the same words in the table's head and in the stacked rows of a narrow screen.
  const goalColumn = revenue ? t(texts.payers) : split.goal === 'confirmed' ? t({ id: 'marketing.col.confirmed', defaultMessage: 'Confirmed' }) : t({ id: 'marketing.col.signups', defaultMessage: 'Signups' });
  const variants = split.variants.map((v) => v.variant);
  const leader = split.leader;
  return (
    <Panel data-testid="split-optimisation" data-split={split.slug} data-mode={split.mode} data-phase={split.phase} aria-labelledby={headingId}>
      <Head>
        <h2 id={headingId}>
          <FormattedMessage id="marketing.splits.heading" defaultMessage="Split {slug}" values={{ slug: <Code>{split.slug}</Code> }} />
        </h2>
        <Pill $tone={split.mode === 'auto' ? 'accent' : split.mode === 'frozen' ? 'success' : 'neutral'} data-testid="split-mode">
          {modeText}
        </Pill>
      </Head>
      {split.best ? (
        <Statement $won data-testid="split-winner" role="status">
          {t(texts.winner, { variant: split.best, probability: probability(split.variants.find((v) => v.variant === split.best)!.probabilityBest) })}
        </Statement>
      ) : leader ? (
        <Statement $won={false} data-testid="split-no-winner">
          {t(texts.leading, { variant: leader.variant, probability: probability(leader.probability) })}
        </Statement>
      ) : null}
      <Muted as="p" style={{ margin: '0 0 12px' }}>
        {split.mode === 'frozen'
          ? t(texts.frozenNote, { variant: split.winner ?? '' })
          : split.mode === 'fixed'
            ? t(texts.fixedNote)
            : split.phase === 'warmup'
              ? t(texts.warmup, { count: split.warmup })
              : t(texts.running, { floor: intl.formatNumber(split.floor, { style: 'percent' }) })}{' '}
        {split.computedAt ? <FormattedMessage id="marketing.splits.computed" defaultMessage="Weights computed {time}." values={{ time: <LocalTime value={split.computedAt} /> }} /> : null}
      </Muted>
      <TableScroll aria-labelledby={headingId}>
        <ReportTable data-stack>
          <caption>{t(texts.allVisits)}</caption>
          <thead>
            <tr>
              <th scope="col">{t({ id: 'marketing.col.variant', defaultMessage: 'Variant' })}</th>
              <th scope="col" data-num>{t({ id: 'marketing.col.visits', defaultMessage: 'Visits' })}</th>
              <th scope="col" data-num>{goalColumn}</th>
              <th scope="col" data-num>{revenue ? t({ id: 'marketing.col.epc', defaultMessage: 'EPC' }) : t(texts.rate)}</th>
              <th scope="col">{t(texts.interval)}</th>
              <th scope="col" data-num>{t(texts.best)}</th>
              <th scope="col" data-num>{t(texts.weight)}</th>
            </tr>
          </thead>
          <tbody>
            {split.variants.map((v, index) => (
              <tr key={v.variant} data-testid="optimisation-variant" data-variant={v.variant} data-weight={v.weight.toFixed(4)} data-best={v.probabilityBest.toFixed(4)}>
                <th scope="row">
                  <Swatch aria-hidden="true" style={{ background: VARIANT_COLOURS[index % VARIANT_COLOURS.length] }} />
                  {v.variant}
                </th>
                <td data-num data-label={t({ id: 'marketing.col.visits', defaultMessage: 'Visits' })}>{v.visits}</td>
                <td data-num data-label={goalColumn}>{v.successes}</td>
                <td data-num data-label={revenue ? t({ id: 'marketing.col.epc', defaultMessage: 'EPC' }) : t(texts.rate)}>{value(v.value)}</td>
                <td data-label={t(texts.interval)}>{v.low === null || v.high === null ? '–' : `${value(v.low)} – ${value(v.high)}`}</td>
                <td data-num data-label={t(texts.best)}>{pct(v.probabilityBest)}</td>
                <td data-num data-label={t(texts.weight)}>
                  {pct(v.weight)}
                  <Share aria-hidden="true">
                    <span style={{ width: `${Math.round(v.weight * 100)}%`, background: VARIANT_COLOURS[index % VARIANT_COLOURS.length] }} />
                  </Share>
                </td>
              </tr>
            ))}
          </tbody>
        </ReportTable>
      </TableScroll>
      <Columns>
        <section aria-labelledby={`${headingId}-history`}>
          <h3 id={`${headingId}-history`}>{t(texts.history)}</h3>
          {split.history.length ? <WeightChart history={split.history} variants={variants} now={now} label={t(texts.chart)} /> : <Muted>{t(texts.noChanges)}</Muted>}
        </section>
        <section aria-labelledby={`${headingId}-changes`}>
          <h3 id={`${headingId}-changes`}>{t(texts.changes)}</h3>
          {split.changes.length ? (
            <Changes data-testid="weight-changes">
              {split.changes.map((change, index) => (
                <li key={`${change.at}-${index}`}>
                  <LocalTime value={change.at} /> · {t(REASON_TEXTS[change.reason], { operator: change.operator ?? '' })}
                  <br />
                  <Muted>{variants.map((variant) => `${variant} ${intl.formatNumber((change.weights[variant] ?? 0) / 10_000, { style: 'percent', maximumFractionDigits: 1 })}`).join(' · ')}</Muted>
                </li>
              ))}
            </Changes>
          ) : (
            <Muted>{t(texts.noChanges)}</Muted>
          )}
        </section>
      </Columns>
      <Controls aria-label={t(texts.controls)} role="group">
        <Form method="post">
          <input type="hidden" name="split" value={split.slug} />
          <input type="hidden" name="intent" value="auto" />
          <label>
            {t(texts.goalLabel)}
            <select name="goal" defaultValue={split.goal}>
              {SPLIT_GOALS.map((g) => (
                <option key={g} value={g}>
                  {t(GOAL_TEXTS[g])}
                </option>
              ))}
            </select>
          </label>
          <SmallButton type="submit" $variant="primary" data-testid="split-auto">
            {t(texts.startAuto)}
          </SmallButton>
        </Form>
        {split.mode !== 'fixed' ? (
          <Form method="post">
            <input type="hidden" name="split" value={split.slug} />
            <input type="hidden" name="intent" value="fixed" />
            <SmallButton type="submit" data-testid="split-fixed">
              {t(texts.toFixed)}
            </SmallButton>
          </Form>
        ) : null}
        {leader && split.mode !== 'frozen' ? (
          <Form method="post">
            <input type="hidden" name="split" value={split.slug} />
            <input type="hidden" name="intent" value="freeze" />
            <input type="hidden" name="winner" value={split.best ?? leader.variant} />
            <SmallButton type="submit" data-testid="split-freeze">
              {t(texts.freeze, { variant: split.best ?? leader.variant })}
            </SmallButton>
          </Form>
        ) : null}
        <Muted>{t(texts.fileSays, { mode: fileMode })}</Muted>
      </Controls>
    </Panel>
  );
}

/** The notice after a switch, or a refusal. */
export function SplitActionNotice({ result }: { result: { ok: boolean; text: string } | undefined }) {
  if (!result) return null;
  return (
    <Notice $tone={result.ok ? 'success' : 'danger'} role={result.ok ? 'status' : 'alert'} data-testid="split-action-result">
      {result.text}
    </Notice>
  );
}
