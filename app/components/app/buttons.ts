import { Link } from '@remix-run/react';
import styled, { css } from 'styled-components';

const buttonBase = css<{ $variant?: 'primary' | 'ghost' | 'light' }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(2)};
  min-height: 44px;
  padding: 0 ${({ theme }) => theme.space(5)};
  border: 2px solid transparent;
  border-radius: ${({ theme }) => theme.radii.pill};
  font: inherit;
  font-weight: 700;
  text-decoration: none;
  cursor: pointer;
  transition: background 0.15s, color 0.15s, border-color 0.15s;

  ${({ $variant = 'primary', theme }) =>
    $variant === 'primary'
      ? css`
          background: ${theme.colors.primary};
          color: ${theme.colors.onPrimary};
          &:hover {
            background: ${theme.colors.primaryHover};
          }
        `
      : $variant === 'light'
        ? css`
            background: ${theme.colors.background};
            color: ${theme.colors.primary};
            &:hover {
              background: ${theme.colors.secondary};
            }
          `
        : css`
            background: transparent;
            color: inherit;
            border-color: currentColor;
            &:hover {
              background: rgba(127, 127, 127, 0.12);
            }
          `}
`;

export const Button = styled.button<{ $variant?: 'primary' | 'ghost' | 'light' }>`
  ${buttonBase}
`;

export const ButtonLink = styled(Link)<{ $variant?: 'primary' | 'ghost' | 'light' }>`
  ${buttonBase}
`;

/** A round 44 px button with a × that closes or dismisses what it sits on (a banner, a modal). */
export const CloseButton = styled.button`
  display: grid;
  place-items: center;
  width: 44px;
  height: 44px;
  border: 0;
  border-radius: 50%;
  background: none;
  color: ${({ theme }) => theme.colors.text};
  font-size: 1.4rem;
  line-height: 1;
  cursor: pointer;

  &:hover {
    background: rgba(0, 0, 0, 0.06);
  }
`;
