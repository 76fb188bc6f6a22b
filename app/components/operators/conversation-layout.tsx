// The frame of an operator's conversation (/operator/conversations/{id}): the page, its three columns (profiles, thread, notes) that stack on a narrow screen, and the head.
import styled from 'styled-components';

export const Page = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  max-width: 1440px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space(3)};
`;

// Phones: one column in the order of work (claim, conversation, composer, then the cards and
// panels); tablets: the conversation beside the cards; desktops: member | conversation | persona.
export const Columns = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};

  > div {
    display: contents;
  }

  @media (min-width: ${({ theme }) => theme.breakpoints.md}px) {
    display: grid;
    grid-template-columns: minmax(0, 1fr) 320px;
    grid-template-areas: 'center left' 'center right';
    align-items: start;

    > div {
      display: flex;
      flex-direction: column;
      gap: ${({ theme }) => theme.space(3)};
      min-width: 0;
    }
  }

  @media (min-width: ${({ theme }) => theme.breakpoints.xl}px) {
    grid-template-columns: 300px minmax(0, 1fr) 340px;
    grid-template-areas: 'left center right';
  }
`;

export const Column = styled.div<{ $area: 'left' | 'center' | 'right' }>`
  grid-area: ${({ $area }) => $area};
`;

export const Area = styled.div<{ $order: number }>`
  order: ${({ $order }) => $order};
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  min-width: 0;
`;

export const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};

  h1 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }

  a {
    color: ${({ theme }) => theme.colors.text};
    font-weight: 600;
  }
`;
