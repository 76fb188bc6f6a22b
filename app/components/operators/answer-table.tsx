// One table of the operator statistics (docs/decisions/0021): rows named by their leading cells (an
// operator; a day and a site), each with its answers and the median and 95th percentile of the time to
// answer. Both tables of /operator/stats are this one, so they stay alike (issue 27 item 3).
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import styled from 'styled-components';
import { Muted, Panel } from './parts';
import { Duration } from './waiting-time';

const Scroll = styled.div`
  overflow-x: auto;
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};

  th,
  td {
    padding: 8px 10px;
    border-bottom: 1px solid #e6e8ef;
    text-align: left;
    white-space: nowrap;
  }

  th {
    color: #545d70;
    font-size: ${({ theme }) => theme.fontSizes.xs};
    letter-spacing: 0.04em;
    text-transform: uppercase;
  }

  td.number,
  th.number {
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
`;

/** A time to answer, or a dash when nothing was answered. */
export function Wait({ seconds }: { seconds: number | null }) {
  return seconds === null ? <Muted>–</Muted> : <Duration seconds={seconds} />;
}

export interface AnswerRow {
  key: string;
  /** The cells that name the row, under `heads`. */
  cells: ReactNode[];
  answers: number;
  median: number | null;
  p95: number | null;
}

export function AnswerTable({ title, heads, rows, testId, note }: { title: MessageDescriptor; heads: ReactNode[]; rows: AnswerRow[]; testId: string; note?: ReactNode }) {
  const intl = useIntl();
  return (
    <Panel>
      <h2>{intl.formatMessage(title)}</h2>
      <Scroll tabIndex={0} role="region" aria-label={intl.formatMessage(title)}>
        <Table data-testid={testId}>
          <thead>
            <tr>
              {heads.map((head, i) => (
                <th key={i}>{head}</th>
              ))}
              <th className="number">
                <FormattedMessage id="operator.stats.answers" defaultMessage="Answers" />
              </th>
              <th className="number">
                <FormattedMessage id="operator.stats.median" defaultMessage="Median time to answer" />
              </th>
              <th className="number">
                <FormattedMessage id="operator.stats.p95" defaultMessage="95th percentile" />
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                {row.cells.map((cell, i) => (
                  <td key={i}>{cell}</td>
                ))}
                <td className="number">{row.answers}</td>
                <td className="number">
                  <Wait seconds={row.median} />
                </td>
                <td className="number">
                  <Wait seconds={row.p95} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Scroll>
      {rows.length === 0 ? (
        <Muted>
          <FormattedMessage id="operator.stats.none" defaultMessage="No answers in this period." />
        </Muted>
      ) : null}
      {note ? <Muted>{note}</Muted> : null}
    </Panel>
  );
}
