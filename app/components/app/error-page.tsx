// The error page (docs/product.md §8): the message (or 'Error') and the status (default 500); for 404 'This page
// could not be found' and a link back to the home page. If showing it fails in turn, a plain
// fallback says so, with a home link.
import { Component, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import styled from 'styled-components';
import { ButtonLink } from './buttons';

const Wrapper = styled.section`
  display: grid;
  place-content: center;
  gap: ${({ theme }) => theme.space(3)};
  min-height: 60vh;
  padding: ${({ theme }) => `${theme.space(10)} ${theme.space(5)}`};
  text-align: center;

  > a {
    justify-self: center;
  }
`;

const Status = styled.p`
  margin: 0;
  font-size: 4.5rem;
  font-weight: 800;
  line-height: 1;
  color: ${({ theme }) => theme.colors.primary};
`;

export function ErrorPage({ status, message }: { status: number; message: string | null }) {
  return (
    <Wrapper data-testid="error-page">
      <Status>{status}</Status>
      <h1>
        {status === 404 ? (
          <FormattedMessage id="error.notFound" defaultMessage="This page could not be found" />
        ) : (
          message || <FormattedMessage id="error.title" defaultMessage="Error" />
        )}
      </h1>
      <ButtonLink to="/" reloadDocument $variant={status === 404 ? 'primary' : 'ghost'}>
        <FormattedMessage id="error.backHome" defaultMessage="Back to the home page" />
      </ButtonLink>
    </Wrapper>
  );
}

/** Catches a failure while rendering the error page itself. */
export class ErrorPageGuard extends Component<{ children: ReactNode; fallbackText: string; homeText: string }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main style={{ padding: 32, textAlign: 'center', fontFamily: 'system-ui, sans-serif' }}>
        <h1>{this.props.fallbackText}</h1>
        <a href="/">{this.props.homeText}</a>
      </main>
    );
  }
}
