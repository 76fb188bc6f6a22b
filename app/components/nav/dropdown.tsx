// The navigation's drop-down menus (language, account): a <details> that works without JavaScript.
// With it, a menu also closes after a choice, on Escape (focus back on its button), on a click or
// tap outside it and when the page changes.
import { useLocation } from '@remix-run/react';
import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import styled from 'styled-components';

const Details = styled.details`
  position: relative;

  summary {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(1)};
    min-width: 44px;
    min-height: 44px;
    padding: 0 ${({ theme }) => theme.space(2)};
    border-radius: ${({ theme }) => theme.radii.sm};
    list-style: none;
    cursor: pointer;
    font-weight: 600;
    white-space: nowrap;
  }

  summary:hover,
  &[open] summary {
    background: rgba(255, 255, 255, 0.1);
  }

  summary::-webkit-details-marker {
    display: none;
  }

  summary > svg:last-child {
    transition: transform 0.15s;
  }

  &[open] summary > svg:last-child {
    transform: rotate(180deg);
  }
`;

export const DropdownList = styled.ul`
  position: absolute;
  top: 100%;
  right: 0;
  z-index: 20;
  min-width: 200px;
  max-width: calc(100vw - ${({ theme }) => theme.space(4)});
  margin: ${({ theme }) => theme.space(1)} 0 0;
  padding: ${({ theme }) => theme.space(1)};
  list-style: none;
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.text};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.raised};

  a,
  button {
    display: block;
    width: 100%;
    padding: ${({ theme }) => `${theme.space(3)} ${theme.space(3)}`};
    border: 0;
    border-radius: ${({ theme }) => theme.radii.sm};
    background: none;
    color: inherit;
    font: inherit;
    text-align: left;
    text-decoration: none;
    cursor: pointer;
  }

  a:hover,
  button:hover,
  a:focus-visible,
  button:focus-visible,
  button[aria-current='true'] {
    background: ${({ theme }) => theme.colors.secondary};
  }

  button[aria-current='true'] {
    font-weight: 700;
  }
`;

export function Dropdown({ summary, children, ...rest }: { summary: ReactNode; children: ReactNode; 'data-testid'?: string; className?: string }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();

  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.key]);

  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const onPointerDown = (event: PointerEvent) => {
      if (details.open && !details.contains(event.target as Node)) details.open = false;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !details.open) return;
      details.open = false;
      details.querySelector('summary')?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, []);

  // A choice made (a link followed or a button pressed) closes the menu.
  const onClick = (event: MouseEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    if (ref.current && target.closest('a, button') && !target.closest('summary')) ref.current.open = false;
  };

  return (
    <Details ref={ref} onClick={onClick} data-menu="" {...rest}>
      {summary}
      {children}
    </Details>
  );
}

/**
 * Whether one of the navigation's menus is open now. A modal that arrives by itself (the match
 * modal) waits for it to close: it would cover the menu and take the click meant for it (issue 34 item 18).
 */
export function useMenuOpen(): boolean {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const update = () => setOpen(document.querySelector('details[data-menu][open]') !== null);
    update();
    // toggle does not bubble: listen in the capture phase.
    document.addEventListener('toggle', update, true);
    return () => document.removeEventListener('toggle', update, true);
  }, []);
  return open;
}
