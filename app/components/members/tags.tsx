// A row of pill-shaped tags (a profile's interests): the profile page and the member landings.
import styled from 'styled-components';

export const Tags = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    padding: ${({ theme }) => `${theme.space(1)} ${theme.space(3)}`};
    border-radius: ${({ theme }) => theme.radii.pill};
    background: ${({ theme }) => theme.colors.secondary};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;
