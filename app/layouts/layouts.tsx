// The four layouts of docs/product.md §2, chosen per route through `handle.layout` (default: 'default').
//   default: top navigation, warning banners, footer, disclaimer, entry warning, signup modal
//   chat:    bare; the entry warning only for visitors from NL and DE
// Which visitors see the entry warning on each layout is tenant data (settings.entry_warning_countries).
//   lander:  logo bar, footer, disclaimer
//   empty:   the signup modal only
//   operator: the operator console's own frame (its header is the console's), nothing of the members'
import { Link, useLocation } from '@remix-run/react';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useSnapshot } from 'valtio';
import { Disclaimer } from '~/components/footer/disclaimer';
import { Footer } from '~/components/footer/footer';
import { ActivationBanner, PageAlerts } from '~/components/nav/banners';
import { TimeBonusBanner } from '~/components/offers/time-bonus-banner';
import { SignupModal } from '~/components/signup/signup-modal';
import { EntryWarning } from '~/components/modals/entry-warning';
import { TopNav, useStandalone } from '~/components/nav/top-nav';
import { useAppState } from '~/state/app-state';
import { defaultLayoutCountries } from '~/shared/entry-warning';
import type { LayoutName, ShellData } from '~/shared/shell';

const Page = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
`;

const Main = styled.main`
  flex: 1 0 auto;
`;

const LogoBar = styled.header`
  padding: ${({ theme }) => `${theme.space(4)} ${theme.space(4)}`};
  background: ${({ theme }) => theme.colors.background};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  text-align: center;

  a {
    color: ${({ theme }) => theme.colors.primary};
    font-family: ${({ theme }) => theme.fonts.heading};
    font-size: ${({ theme }) => theme.fontSizes.xxl};
    font-weight: 800;
    text-decoration: none;
  }
`;

interface LayoutProps {
  shell: ShellData;
  year: number;
  /** Warning banners of the default layout (docs/product.md §2, §4). */
  banners?: { activation: boolean };
  children: ReactNode;
}

function DefaultLayout({ shell, year, banners, children }: LayoutProps) {
  const { user } = useSnapshot(useAppState());
  const standalone = useStandalone();
  const { pathname, search } = useLocation();
  const compact = standalone || (user !== null && pathname !== '/');
  return (
    <Page data-layout="default">
      <TopNav shell={shell} />
      <TimeBonusBanner />
      {banners?.activation && user ? <ActivationBanner /> : null}
      <PageAlerts />
      <Main id="main">{children}</Main>
      <Disclaimer shell={shell} />
      <Footer shell={shell} variant={compact ? 'compact' : 'full'} year={year} compactWhenInstalled />
      <EntryWarning shell={shell} loggedIn={user !== null} allowedCountries={defaultLayoutCountries(shell.entryWarningCountries, search)} />
      <SignupModal />
    </Page>
  );
}

function ChatLayout({ shell, children }: LayoutProps) {
  const { user } = useSnapshot(useAppState());
  return (
    <Page data-layout="chat">
      <Main id="main">{children}</Main>
      <EntryWarning shell={shell} loggedIn={user !== null} allowedCountries={shell.entryWarningCountries.chat} />
    </Page>
  );
}

function LanderLayout({ shell, year, children }: LayoutProps) {
  return (
    <Page data-layout="lander">
      <LogoBar>
        <Link to="/">{shell.logoText}</Link>
      </LogoBar>
      <Main id="main">{children}</Main>
      <Disclaimer shell={shell} />
      <Footer shell={shell} variant="full" year={year} />
    </Page>
  );
}

function EmptyLayout({ children }: LayoutProps) {
  return (
    <Page data-layout="empty">
      <Main id="main">{children}</Main>
      <SignupModal />
    </Page>
  );
}

function OperatorLayout({ children }: LayoutProps) {
  return <Page data-layout="operator">{children}</Page>;
}

const LAYOUTS: Record<LayoutName, (props: LayoutProps) => ReactNode> = {
  default: DefaultLayout,
  chat: ChatLayout,
  lander: LanderLayout,
  empty: EmptyLayout,
  operator: OperatorLayout,
};

export function Layout({ name, ...props }: LayoutProps & { name: LayoutName }) {
  const Chosen = LAYOUTS[name];
  return <Chosen {...props} />;
}
