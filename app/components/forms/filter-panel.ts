// The panel of choices above a list of profiles (/members search filters, the match finder of
// /likes): two columns on a phone, the page's own columns from the lg breakpoint; and the checkbox
// that stands among its selects ("with photo").
import { Form } from '@remix-run/react';
import styled from 'styled-components';
import { CheckRow } from './field-row';

export const FilterPanel = styled(Form)`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space(3)};
  align-items: end;
  margin-bottom: ${({ theme }) => theme.space(6)};
  padding: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
`;

export const PanelCheck = styled(CheckRow)`
  align-self: center;
  font-size: ${({ theme }) => theme.fontSizes.md};
`;
