// The console's sign-in pages (login, set password): a plain card on the console's grey, clearly
// the staff's door, not the members' login.
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import styled from 'styled-components';

const Backdrop = styled.main`
  display: grid;
  place-items: center;
  min-height: 100vh;
  padding: ${({ theme }) => theme.space(4)};
  background: #1d2333;
`;

const Card = styled.section`
  width: min(100%, 420px);
  padding: ${({ theme }) => theme.space(6)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: #ffffff;
  box-shadow: 0 12px 40px rgba(0, 0, 0, 0.35);

  h1 {
    margin: 0 0 ${({ theme }) => theme.space(1)};
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }

  form {
    display: grid;
    gap: ${({ theme }) => theme.space(4)};
    margin-top: ${({ theme }) => theme.space(5)};
  }
`;

const Kicker = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.colors.primaryOnTint};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 800;
  letter-spacing: 0.08em;
  text-transform: uppercase;
`;

const Lead = styled.p`
  margin: 0;
  color: #545d70;
`;

export function LoginCard({ tenantName, title, lead, children }: { tenantName: string; title: ReactNode; lead: ReactNode; children: ReactNode }) {
  return (
    <Backdrop id="main">
      <Card>
        <Kicker>
          <FormattedMessage id="operator.kicker" defaultMessage="{site} · staff only" values={{ site: tenantName }} />
        </Kicker>
        <h1>{title}</h1>
        <Lead>{lead}</Lead>
        {children}
      </Card>
    </Backdrop>
  );
}
