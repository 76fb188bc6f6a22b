// A console queue's common parts (complaints, photo moderation): the result of the last decision, the
// list of cards, and the empty state.
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Muted, Notice, Panel } from './parts';

export const CardList = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

/** What the operator's last action came to: success as a status, a refusal as an alert. */
export function ActionResult({ result, testId }: { result: { ok: boolean; text: string } | undefined; testId: string }) {
  if (!result) return null;
  return (
    <Notice $tone={result.ok ? 'success' : 'danger'} role={result.ok ? 'status' : 'alert'} data-testid={testId}>
      {result.text}
    </Notice>
  );
}

/** The queue's cards, or its empty message when there are none. */
export function QueueList({ count, testId, emptyTestId, empty, children }: { count: number; testId: string; emptyTestId: string; empty: ReactNode; children: ReactNode }) {
  return count ? (
    <CardList data-testid={testId}>{children}</CardList>
  ) : (
    <Panel data-testid={emptyTestId}>
      <Muted>{empty}</Muted>
    </Panel>
  );
}
