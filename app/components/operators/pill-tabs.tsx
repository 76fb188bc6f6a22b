// The consoles' row of pill-shaped tabs (the marketer's pages, the complaint queue's statuses): links,
// the current one filled. NavLink marks it with aria-current="page", a plain Link with the same
// attribute set by its page.
import styled from 'styled-components';

export const PillTabs = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};

  a {
    padding: 6px 14px;
    border: 1px solid #c5cad6;
    border-radius: ${({ theme }) => theme.radii.pill};
    background: #ffffff;
    color: ${({ theme }) => theme.colors.text};
    font-weight: 600;
    text-decoration: none;
  }

  a[aria-current='page'] {
    border-color: #1d2333;
    background: #1d2333;
    color: #ffffff;
  }
`;
