// The pieces of /credits: the balance, the country toolbar, the bundle cards with their ribbon and prices, the premium aside.
import { Form } from '@remix-run/react';
import styled from 'styled-components';
import { controlLook } from '~/components/forms/field-row';

export const Balance = styled.div`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.background};
  box-shadow: ${({ theme }) => theme.shadows.card};
  font-weight: 700;

  svg {
    color: ${({ theme }) => theme.colors.primary};
  }
`;

export const Toolbar = styled(Form)`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(6)};

  label {
    font-weight: 600;
  }

  select {
    ${controlLook}
    min-height: 44px;
  }
`;

export const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  gap: ${({ theme }) => theme.space(4)};
  margin: 0 0 ${({ theme }) => theme.space(8)};
  padding: 0;
  list-style: none;
`;

export const Bundle = styled.li<{ $best: boolean }>`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => `${theme.space(7)} ${theme.space(5)} ${theme.space(5)}`};
  border: 2px solid ${({ $best, theme }) => ($best ? theme.colors.primary : 'transparent')};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.background};
  box-shadow: ${({ $best, theme }) => ($best ? theme.shadows.raised : theme.shadows.card)};
  text-align: center;

  a {
    margin-top: auto;
  }
`;

export const Ribbon = styled.span`
  position: absolute;
  top: -14px;
  left: 50%;
  transform: translateX(-50%);
  padding: 4px 14px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 800;
  letter-spacing: 0.04em;
  text-transform: uppercase;
  white-space: nowrap;
`;

export const Amount = styled.p`
  margin: 0;
  font-family: ${({ theme }) => theme.fonts.heading};
  font-size: 2.75rem;
  font-weight: 800;
  line-height: 1;
  color: ${({ theme }) => theme.colors.dark};

  small {
    display: block;
    margin-top: ${({ theme }) => theme.space(1)};
    font-family: ${({ theme }) => theme.fonts.body};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: 600;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export const Price = styled.p`
  margin: ${({ theme }) => theme.space(2)} 0 0;
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: 800;
`;

export const PerCredit = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export const Premium = styled.aside`
  display: flex;
  gap: ${({ theme }) => theme.space(3)};
  align-items: flex-start;
  margin-bottom: ${({ theme }) => theme.space(8)};
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.dark};
  color: ${({ theme }) => theme.colors.onDark};

  svg {
    flex: none;
    color: ${({ theme }) => theme.colors.primary};
  }

  p {
    margin: 0;
  }
`;

export const MethodsTitle = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  font-size: ${({ theme }) => theme.fontSizes.md};
`;
