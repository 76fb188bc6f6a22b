// The console's building blocks: a calm, dense support-tool look on neutral surfaces, the tenant's
// colour only as the accent.
import { Form } from '@remix-run/react';
import styled, { css } from 'styled-components';

/** The whole console below its header: a calm grey surface (operator.tsx). */
export const ConsoleFrame = styled.div`
  min-height: 100vh;
  background: #f3f4f8;
  color: ${({ theme }) => theme.colors.text};
`;

export const Panel = styled.section`
  background: #ffffff;
  border: 1px solid #dfe2ea;
  border-radius: ${({ theme }) => theme.radii.md};
  padding: ${({ theme }) => theme.space(4)};

  h2 {
    margin: 0 0 ${({ theme }) => theme.space(3)};
    font-size: ${({ theme }) => theme.fontSizes.md};
    font-weight: 700;
    letter-spacing: 0.01em;
  }
`;

export const Muted = styled.span`
  color: #545d70;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export const Pill = styled.span<{ $tone?: 'neutral' | 'warning' | 'danger' | 'success' | 'accent' }>`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  padding: 2px 8px;
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
  white-space: nowrap;
  ${({ $tone = 'neutral', theme }) =>
    $tone === 'warning'
      ? css`
          background: #fff1d6;
          color: #7a4a00;
        `
      : $tone === 'danger'
        ? css`
            background: ${theme.colors.dangerSurface};
            color: #a11424;
          `
        : $tone === 'success'
          ? css`
              background: ${theme.colors.successSurface};
              color: #146c3a;
            `
          : $tone === 'accent'
            ? css`
                background: ${theme.colors.secondary};
                color: ${theme.colors.primaryOnTint};
              `
            : css`
                background: #e9ecf3;
                color: #3a4356;
              `}
`;

export const Avatar = styled.img<{ $size?: number }>`
  flex: none;
  width: ${({ $size = 40 }) => $size}px;
  height: ${({ $size = 40 }) => $size}px;
  border-radius: 50%;
  object-fit: cover;
  background: #e9ecf3;
`;

export const Initials = styled.span<{ $size?: number }>`
  flex: none;
  display: inline-grid;
  place-items: center;
  width: ${({ $size = 40 }) => $size}px;
  height: ${({ $size = 40 }) => $size}px;
  border-radius: 50%;
  background: #dfe3ee;
  color: #3a4356;
  font-weight: 700;
`;

export const SmallButton = styled.button<{ $variant?: 'primary' | 'plain' | 'danger' }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 6px;
  min-height: 36px;
  padding: 0 ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radii.sm};
  font: inherit;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 700;
  cursor: pointer;
  ${({ $variant = 'plain', theme }) =>
    $variant === 'primary'
      ? css`
          border: 1px solid ${theme.colors.primary};
          background: ${theme.colors.primary};
          color: ${theme.colors.onPrimary};
          &:hover {
            background: ${theme.colors.primaryHover};
          }
        `
      : $variant === 'danger'
        ? css`
            border: 1px solid #b8202f;
            background: #ffffff;
            color: #a11424;
            &:hover {
              background: ${theme.colors.dangerSurface};
            }
          `
        : css`
            border: 1px solid #c5cad6;
            background: #ffffff;
            color: ${theme.colors.text};
            &:hover {
              background: #f0f2f7;
            }
          `}

  &:disabled {
    opacity: 0.55;
    cursor: not-allowed;
  }
`;

export const FieldLabel = styled.label`
  display: grid;
  gap: 4px;
  min-width: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;

  select,
  input,
  textarea {
    width: 100%;
    min-width: 0;
    min-height: 36px;
    padding: 6px 10px;
    border: 1px solid #c5cad6;
    border-radius: ${({ theme }) => theme.radii.sm};
    background: #ffffff;
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
    font-weight: 400;
  }

  textarea {
    min-height: 88px;
    resize: vertical;
  }

  select:focus,
  input:focus,
  textarea:focus {
    outline: 2px solid ${({ theme }) => theme.colors.primary};
    outline-offset: 1px;
  }
`;

export const Notice = styled.p<{ $tone?: 'danger' | 'success' | 'info' }>`
  margin: 0;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  border-radius: ${({ theme }) => theme.radii.sm};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
  ${({ $tone = 'info', theme }) =>
    $tone === 'danger'
      ? css`
          background: ${theme.colors.dangerSurface};
          color: #a11424;
        `
      : $tone === 'success'
        ? css`
            background: ${theme.colors.successSurface};
            color: #146c3a;
          `
        : css`
            background: #e8eefc;
            color: #23408e;
          `}
`;

export const TagList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

export const FactList = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 4px 12px;
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};

  dt {
    color: #545d70;
  }

  dd {
    margin: 0;
    font-weight: 600;
  }
`;

/** A row of filter fields with their Apply button (queue, statistics, marketing reports); fields wrap on phones. */
export const FilterBar = styled(Form)<{ $field?: number }>`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space(3)};

  label {
    flex: 1 1 ${({ $field = 180 }) => $field}px;
    max-width: ${({ $field = 180 }) => Math.round($field * 1.6)}px;
  }

  @media (max-width: ${({ theme }) => theme.breakpoints.sm - 1}px) {
    label {
      max-width: none;
    }
  }
`;
