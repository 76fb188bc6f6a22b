// The photo list of My profile (/profile).
import styled from 'styled-components';

export const Photos = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(120px, 1fr));
  gap: ${({ theme }) => theme.space(3)};
  padding: 0;
  list-style: none;

  li {
    display: grid;
    gap: ${({ theme }) => theme.space(1)};
  }

  img {
    width: 100%;
    aspect-ratio: 4 / 5;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radii.md};
  }

  li[data-main='true'] img {
    outline: 3px solid ${({ theme }) => theme.colors.primary};
  }

  button {
    padding: ${({ theme }) => theme.space(1)};
    border: 0;
    background: none;
    color: ${({ theme }) => theme.colors.primary};
    font: inherit;
    font-size: ${({ theme }) => theme.fontSizes.sm};
    text-decoration: underline;
    cursor: pointer;
  }
`;
