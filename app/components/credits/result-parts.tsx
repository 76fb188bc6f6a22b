// The pieces of /credits/result: the spinner while a payment is checked, the outcome card with its status mark, the retry list, and the polling that waits for the provider.
import { useRevalidator } from '@remix-run/react';
import { useEffect, useState, type ReactNode } from 'react';
import styled, { keyframes } from 'styled-components';
import { Panel } from '~/components/credits/parts';

const spin = keyframes`to { transform: rotate(360deg); }`;

export const Spinner = styled.div`
  width: 48px;
  height: 48px;
  margin: 0 auto ${({ theme }) => theme.space(4)};
  border: 5px solid ${({ theme }) => theme.colors.secondary};
  border-top-color: ${({ theme }) => theme.colors.primary};
  border-radius: 50%;
  animation: ${spin} 0.9s linear infinite;

  @media (prefers-reduced-motion: reduce) {
    animation-duration: 3s;
  }
`;

export const Mark = styled.div<{ $tone: 'success' | 'warning' | 'danger' }>`
  display: grid;
  place-items: center;
  width: 64px;
  height: 64px;
  margin: 0 auto ${({ theme }) => theme.space(4)};
  border-radius: 50%;
  background: ${({ $tone, theme }) => ($tone === 'success' ? theme.colors.success : $tone === 'warning' ? theme.colors.warning : theme.colors.danger)};
  color: #fff;
  font-size: 2rem;
  font-weight: 800;
`;

export const Card = styled(Panel)`
  text-align: center;

  h1 {
    font-size: ${({ theme }) => theme.fontSizes.xxl};
  }

  p {
    margin: 0 auto ${({ theme }) => theme.space(4)};
    max-width: 520px;
  }

  dl {
    max-width: 360px;
    margin: ${({ theme }) => theme.space(5)} auto;
    text-align: left;
  }
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space(3)};
  margin-top: ${({ theme }) => theme.space(5)};
`;

export const Retry = styled.ul`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space(2)};
  margin: ${({ theme }) => theme.space(3)} 0 0;
  padding: 0;
  list-style: none;
`;

/** Re-asks while the provider has not answered: every 2 s for half a minute, then every 10 s. */
export function usePolling(active: boolean) {
  const { revalidate, state } = useRevalidator();
  const [rounds, setRounds] = useState(0);
  useEffect(() => {
    if (!active || state !== 'idle') return;
    const timer = setTimeout(() => {
      setRounds((r) => r + 1);
      revalidate();
    }, rounds < 15 ? 2000 : 10_000);
    return () => clearTimeout(timer);
  }, [active, state, rounds, revalidate]);
  return rounds;
}

const MARKS = { success: '✓', warning: '…', danger: '×' } as const;

/** The card of a payment's outcome: its mark, its title, then what the page says and offers (a failure is an alert). */
export function OutcomeCard({ tone, testid, title, children }: { tone: keyof typeof MARKS; testid: string; title: ReactNode; children: ReactNode }) {
  return (
    <Card role={tone === 'danger' ? 'alert' : 'status'} data-testid={testid}>
      <Mark $tone={tone} aria-hidden="true">
        {MARKS[tone]}
      </Mark>
      <h1>{title}</h1>
      {children}
    </Card>
  );
}
