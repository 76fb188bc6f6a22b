// The marketer's console's pieces: report tables that scroll sideways on a phone, figures aligned.
import styled from 'styled-components';

/** A region of its own that a keyboard can scroll (tabIndex 0, named by the caller). */
export const TableScroll = styled.div.attrs({ tabIndex: 0, role: 'region' })`
  overflow-x: auto;
  margin: 0 -${({ theme }) => theme.space(4)};
  padding: 0 ${({ theme }) => theme.space(4)};
  -webkit-overflow-scrolling: touch;

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.primary};
  }
`;

export const ReportTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};

  caption {
    text-align: left;
    font-weight: 700;
    padding-bottom: ${({ theme }) => theme.space(2)};
  }

  th,
  td {
    padding: 8px 10px;
    border-bottom: 1px solid #e4e7ee;
    text-align: left;
    vertical-align: top;
    white-space: nowrap;
  }

  thead th {
    position: sticky;
    top: 0;
    background: #f7f8fb;
    color: #3a4356;
    font-size: ${({ theme }) => theme.fontSizes.xs};
    font-weight: 700;
    text-transform: uppercase;
    letter-spacing: 0.04em;
  }

  td[data-num],
  th[data-num] {
    text-align: right;
    font-variant-numeric: tabular-nums;
  }

  tbody tr:hover {
    background: #f7f9fd;
  }

  tfoot td,
  tfoot th {
    border-top: 2px solid #c5cad6;
    border-bottom: 0;
    font-weight: 700;
  }

  /* Phones: each row a card of labelled figures (a cell's label is its data-label) instead of a table to scroll. */
  @media (max-width: ${({ theme }) => theme.breakpoints.md - 1}px) {
    &[data-stack] thead {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0 0 0 0);
    }

    &[data-stack] tr {
      display: grid;
      grid-template-columns: repeat(2, minmax(0, 1fr));
      gap: 8px 12px;
      padding: 12px 0;
      border-bottom: 1px solid #e4e7ee;
    }

    &[data-stack] tfoot tr {
      border-top: 2px solid #c5cad6;
      border-bottom: 0;
    }

    &[data-stack] th,
    &[data-stack] td {
      display: block;
      padding: 0;
      border: 0;
      white-space: normal;
      text-align: left;
    }

    &[data-stack] th[scope='row'] {
      grid-column: 1 / -1;
      font-size: ${({ theme }) => theme.fontSizes.md};
    }

    &[data-stack] td::before {
      content: attr(data-label);
      display: block;
      color: #545d70;
      font-size: ${({ theme }) => theme.fontSizes.xs};
      font-weight: 700;
      letter-spacing: 0.04em;
      text-transform: uppercase;
    }
  }
`;

export const Code = styled.code`
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-size: 0.92em;
  word-break: break-all;
`;


export const Empty = styled.p`
  margin: 0;
  color: #545d70;
`;
