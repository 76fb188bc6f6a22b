// The result pages of /members: previous and next, the first and last page, the pages around the
// current one, and "Page 5 of 11". The next page continues below the last profile shown (keyset).
import { Link } from '@remix-run/react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled, { css } from 'styled-components';
import { GAP, pageWindow } from './page-window';

const Nav = styled.nav`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  margin: ${({ theme }) => theme.space(6)} 0;
`;

const PageLinks = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
`;

const pageBox = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 2.25rem;
  height: 2.25rem;
  padding: 0 ${({ theme }) => theme.space(1)};
  border-radius: ${({ theme }) => theme.radii.md};
  font-weight: 600;
`;

const PageLink = styled(Link)`
  ${pageBox};
  color: ${({ theme }) => theme.colors.primary};
  border: 1px solid ${({ theme }) => theme.colors.border};
  text-decoration: none;

  &:hover,
  &:focus-visible {
    border-color: ${({ theme }) => theme.colors.primary};
  }
`;

const CurrentPage = styled.span`
  ${pageBox};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
`;

const Gap = styled.span`
  ${pageBox};
  min-width: 1rem;
  padding: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const PageOf = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

interface PagerProps {
  pageNumber: number;
  pages: number;
  /** The last profile id on this page, for the next page's keyset. */
  lastId: number | undefined;
  pageLink: (page: number, after?: number) => string;
}

export function Pager({ pageNumber, pages, lastId, pageLink }: PagerProps) {
  const intl = useIntl();
  const nextLink = pageLink(pageNumber + 1, lastId);
  return (
    <Nav aria-label={intl.formatMessage({ id: 'members.pages', defaultMessage: 'Result pages' })}>
      <PageLinks>
        {pageNumber > 1 ? (
          <PageLink to={pageLink(pageNumber - 1)} rel="prev" aria-label={intl.formatMessage({ id: 'members.previous', defaultMessage: 'Previous' })}>
            ‹
          </PageLink>
        ) : null}
        {pageWindow(pageNumber, pages).map((item, i) =>
          item === GAP ? (
            <Gap key={`gap-${i}`} aria-hidden="true">
              …
            </Gap>
          ) : item === pageNumber ? (
            <CurrentPage key={item} aria-current="page">
              {item}
            </CurrentPage>
          ) : (
            <PageLink
              key={item}
              to={item === pageNumber + 1 ? nextLink : pageLink(item)}
              aria-label={intl.formatMessage({ id: 'members.page', defaultMessage: 'Page {page} of {pages}' }, { page: item, pages })}
            >
              {item}
            </PageLink>
          ),
        )}
        {pageNumber < pages ? (
          <PageLink to={nextLink} rel="next" aria-label={intl.formatMessage({ id: 'members.next', defaultMessage: 'Next' })}>
            ›
          </PageLink>
        ) : null}
      </PageLinks>
      <PageOf>
        <FormattedMessage id="members.page" defaultMessage="Page {page} of {pages}" values={{ page: pageNumber, pages }} />
      </PageOf>
    </Nav>
  );
}
