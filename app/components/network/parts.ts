// The network console's building blocks (docs/network-console.md): panels, fields, buttons and
// notices in the console's theme (app/network-console/theme.ts). Every control is at least 44 px high.
import styled, { css } from 'styled-components';

/** A white panel of the page: a section with its heading. */
export const Card = styled.section`
  min-width: 0;
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.card};

  h1,
  h2 {
    margin: 0 0 ${({ theme }) => theme.space(3)};
    font-family: ${({ theme }) => theme.fonts.body};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  h3 {
    margin: ${({ theme }) => `${theme.space(4)} 0 ${theme.space(2)}`};
    font-family: ${({ theme }) => theme.fonts.body};
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
  form {
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.space(3)};
  }
  pre {
    white-space: pre-wrap;
  }
  article {
    padding: ${({ theme }) => `${theme.space(2)} 0`};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

/** A text field or menu of the console: 44 px high, its border dark enough for AA. */
export const consoleControl = css`
  min-height: 44px;
  padding: 8px 10px;
  border: 1px solid #8a94a6;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: #ffffff;
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  max-width: 100%;
`;

/** A label with its control under it. */
export const Field = styled.label`
  display: flex;
  flex-direction: column;
  gap: 4px;
  min-width: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;

  input,
  select,
  textarea {
    ${consoleControl}
    font-weight: 400;
  }
`;

/** A button or a link shaped as one: 44 px high, its text centred. */
export const consoleButton = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-height: 44px;
  padding: 8px 16px;
  border-radius: ${({ theme }) => theme.radii.sm};
  font: inherit;
  font-weight: 600;
  text-decoration: none;
  text-align: center;
  cursor: pointer;
`;

export const PrimaryButton = styled.button`
  ${consoleButton}
  border: 0;
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  align-self: flex-start;
`;

export const Alert = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.dangerSurface};
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 600;
`;

export const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
