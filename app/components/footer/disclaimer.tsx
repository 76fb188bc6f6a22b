// The disclaimer (docs/product.md §2): discloses, visibly, that profiles marked with the icon are fictional.
import { useMatches } from '@remix-run/react';
import styled from 'styled-components';
import type { RouteHandle } from '~/shared/shell';
import { fictionalWarningText, type ShellData } from '~/shared/shell';
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

/** The number of fictional profiles the deepest page that counts them shows, or null when none does. */
function useFictionalShown(): number | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const count = (matches[i]?.handle as RouteHandle | undefined)?.fictionalProfiles;
    if (count && matches[i]!.data) return count(matches[i]!.data);
  }
  return null;
}

export function Disclaimer({ shell }: { shell: ShellData }) {
  const fictional = useFictionalShown();
  return (
    <Box data-testid="disclaimer">
      {shell.fictionalIcon ? <FictionalMark decorative /> : null}
      <p>{fictionalWarningText(shell.fictionalWarning, fictional)}</p>
    </Box>
  );
}
