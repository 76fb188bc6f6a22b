// The disclaimer (SPEC §2): discloses, visibly, that profiles marked with the icon are fictional.
import styled from 'styled-components';
import type { ShellData } from '~/shared/shell';
import { FictionalMark } from '../app/fictional-mark';

const Box = styled.aside`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(3)};
  max-width: 1140px;
  margin: ${({ theme }) => theme.space(8)} auto 0;
  padding: ${({ theme }) => `${theme.space(4)} ${theme.space(4)}`};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  border-top: 1px solid ${({ theme }) => theme.colors.border};

  p {
    margin: 0;
  }
`;

export function Disclaimer({ shell }: { shell: ShellData }) {
  return (
    <Box data-testid="disclaimer">
      {shell.fictionalIcon ? <FictionalMark decorative /> : null}
      <p>{shell.fictionalWarning.plural}</p>
    </Box>
  );
}
