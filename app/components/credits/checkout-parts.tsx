// The pieces of checkout (/credits/{id}/{method?}): the layout, the method options, the sticky summary panel, the consent row and notes.
import styled from 'styled-components';
import { CheckRow } from '~/components/forms/fields';
import { Panel } from '~/components/credits/parts';

export const Layout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(5)};

  @media (min-width: ${({ theme }) => theme.breakpoints.lg}px) {
    grid-template-columns: minmax(0, 1.4fr) minmax(0, 1fr);
    align-items: start;
  }
`;

export const Methods = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  padding: 0;
  border: 0;

  legend {
    margin-bottom: ${({ theme }) => theme.space(3)};
    font-size: ${({ theme }) => theme.fontSizes.lg};
    font-weight: 700;
  }
`;

export const MethodOption = styled.label<{ $checked: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  min-height: 56px;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
  border: 2px solid ${({ $checked, theme }) => ($checked ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ $checked, theme }) => ($checked ? theme.colors.surface : theme.colors.background)};
  cursor: pointer;
  font-weight: 600;

  input {
    width: 20px;
    height: 20px;
    accent-color: ${({ theme }) => theme.colors.primary};
  }

  span:last-child {
    margin-left: auto;
    white-space: nowrap;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: 500;
  }
`;

export const Summary = styled(Panel)`
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}px) {
    position: sticky;
    top: 84px;
  }

  button {
    width: 100%;
    margin-top: ${({ theme }) => theme.space(5)};
  }
`;

export const Consent = styled(CheckRow)`
  margin-top: ${({ theme }) => theme.space(4)};
`;

export const Note = styled.p`
  margin: ${({ theme }) => theme.space(3)} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
