// The navigation progress bar (docs/product.md §9): a thin bar at the top of the window while a page loads,
// filled when it has loaded and hidden 500 ms later.
import { useNavigation } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import styled, { keyframes } from 'styled-components';
import { clientClock, type TimerId } from '~/state/clock';

export const PROGRESS_HIDE_MS = 500;

export type ProgressPhase = 'hidden' | 'loading' | 'done';

/** 'loading' while busy; 'done' when it ends, then 'hidden' PROGRESS_HIDE_MS later. */
export function useProgressPhase(busy: boolean): ProgressPhase {
  const [phase, setPhase] = useState<ProgressPhase>('hidden');
  const wasBusy = useRef(false);
  useEffect(() => {
    if (busy) {
      wasBusy.current = true;
      setPhase('loading');
      return;
    }
    if (!wasBusy.current) return;
    wasBusy.current = false;
    setPhase('done');
    const timer: TimerId = clientClock.setTimer(() => setPhase('hidden'), PROGRESS_HIDE_MS);
    return () => clientClock.clearTimer(timer);
  }, [busy]);
  return phase;
}

const grow = keyframes`
  from { transform: scaleX(0.05); }
  to { transform: scaleX(0.85); }
`;

const Bar = styled.div`
  position: fixed;
  top: 0;
  left: 0;
  z-index: 1000;
  width: 100%;
  height: 3px;
  background: ${({ theme }) => theme.colors.accentOnDark};
  box-shadow: 0 0 6px ${({ theme }) => theme.colors.accentOnDark};
  transform-origin: left;
  pointer-events: none;

  &[data-state='loading'] {
    animation: ${grow} 8s cubic-bezier(0.1, 0.7, 0.3, 1) forwards;
  }

  &[data-state='done'] {
    transform: scaleX(1);
    opacity: 0;
    transition: transform 0.2s ease-out, opacity 0.3s ease-in 0.2s;
  }

  &[data-state='hidden'] {
    display: none;
  }

  @media (prefers-reduced-motion: reduce) {
    &[data-state='loading'] {
      animation: none;
      transform: scaleX(0.6);
    }
  }
`;

export function NavigationProgress() {
  const navigation = useNavigation();
  const phase = useProgressPhase(navigation.state !== 'idle');
  const intl = useIntl();
  return (
    <Bar
      data-testid="navigation-progress"
      data-state={phase}
      role={phase === 'loading' ? 'progressbar' : undefined}
      aria-label={phase === 'loading' ? intl.formatMessage({ id: 'nav.loading', defaultMessage: 'Loading the page' }) : undefined}
      aria-hidden={phase === 'loading' ? undefined : true}
    />
  );
}
