import styled from 'styled-components';

/** Long-form text (legal and help pages): comfortable measure and rhythm. */
export const Prose = styled.article`
  max-width: 760px;
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space(8)} ${theme.space(4)} ${theme.space(6)}`};
  line-height: 1.65;

  h1 {
    font-size: ${({ theme }) => theme.fontSizes.xxl};
    margin-bottom: ${({ theme }) => theme.space(2)};
  }

  h2 {
    margin-top: ${({ theme }) => theme.space(8)};
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }

  h3 {
    margin-top: ${({ theme }) => theme.space(5)};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }

  ul,
  ol {
    padding-left: ${({ theme }) => theme.space(6)};
  }

  li + li {
    margin-top: ${({ theme }) => theme.space(1)};
  }

  @media (min-width: ${({ theme }) => theme.breakpoints.md}px) {
    padding-top: ${({ theme }) => theme.space(12)};

    h1 {
      font-size: ${({ theme }) => theme.fontSizes.display};
    }
  }
`;

export const Lead = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
