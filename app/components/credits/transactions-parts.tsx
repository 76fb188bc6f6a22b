// The pieces of /transactions and /transactions/{id}: the purchases table, the empty state, the refund section and the way back.
import styled from 'styled-components';
import { Panel } from '~/components/credits/parts';

export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};

  th,
  td {
    padding: ${({ theme }) => `${theme.space(3)} ${theme.space(2)}`};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
    vertical-align: middle;
  }

  th {
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 600;
  }

  td.num {
    text-align: right;
    white-space: nowrap;
    font-weight: 700;
  }

  a {
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 700;
  }

  @media (max-width: ${({ theme }) => theme.breakpoints.md - 1}px) {
    thead {
      display: none;
    }

    tr {
      display: grid;
      grid-template-areas: 'order amount' 'date status' 'credits credits';
      grid-template-columns: 1fr auto;
      gap: 2px ${({ theme }) => theme.space(3)};
      padding: ${({ theme }) => theme.space(3)} 0;
      border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    }

    td {
      padding: 0;
      border: 0;
    }

    td.date {
      grid-area: date;
      color: ${({ theme }) => theme.colors.textMuted};
    }

    td.order {
      grid-area: order;
    }

    td.credits {
      grid-area: credits;
      color: ${({ theme }) => theme.colors.textMuted};
    }

    td.status {
      grid-area: status;
      text-align: right;
    }

    td.num {
      grid-area: amount;
    }

    td.hide-sm {
      display: none;
    }
  }
`;

export const Empty = styled(Panel)`
  text-align: center;
`;

export const Refund = styled.section`
  margin-top: ${({ theme }) => theme.space(6)};
  padding-top: ${({ theme }) => theme.space(5)};
  border-top: 1px solid ${({ theme }) => theme.colors.border};

  h2 {
    margin: 0 0 ${({ theme }) => theme.space(2)};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }

  p {
    margin: 0 0 ${({ theme }) => theme.space(3)};
  }
`;
