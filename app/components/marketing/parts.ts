// The marketer's console's pieces: report tables that scroll sideways on a phone, figures aligned.
import styled from 'styled-components';

export const TableScroll = styled.div`
  overflow-x: auto;
  margin: 0 -${({ theme }) => theme.space(4)};
  padding: 0 ${({ theme }) => theme.space(4)};
  -webkit-overflow-scrolling: touch;
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
`;

export const Code = styled.code`
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-size: 0.92em;
  word-break: break-all;
`;

export const Filters = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space(3)};

  label {
    flex: 1 1 160px;
    max-width: 260px;
  }
`;

export const Empty = styled.p`
  margin: 0;
  color: #545d70;
`;
