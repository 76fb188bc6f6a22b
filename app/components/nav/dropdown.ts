// The navigation's drop-down menus (language, account): a <details> that works without JavaScript.
import styled from 'styled-components';

export const Dropdown = styled.details`
  position: relative;

  summary {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(1)};
    min-height: 44px;
    padding: 0 ${({ theme }) => theme.space(2)};
    border-radius: ${({ theme }) => theme.radii.sm};
    list-style: none;
    cursor: pointer;
    font-weight: 600;
  }

  summary::-webkit-details-marker {
    display: none;
  }
`;

export const DropdownList = styled.ul`
  position: absolute;
  right: 0;
  z-index: 20;
  min-width: 200px;
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
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
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
  button[aria-current='true'] {
    background: ${({ theme }) => theme.colors.secondary};
  }
`;
