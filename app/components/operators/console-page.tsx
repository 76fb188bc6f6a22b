// One console page's frame and its meta (docs/decisions/0021): every page of the console is a column
// of panels under a heading, at most `$width` wide, and is never indexed.
import type { MetaDescriptor, MetaFunction } from '@remix-run/node';
import type { MessageDescriptor } from 'react-intl';
import styled from 'styled-components';
import { metaMessage, pageMeta } from '../app/page-meta';

export const ConsolePage = styled.div<{ $width?: number }>`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(4)};
  max-width: ${({ $width = 1280 }) => $width}px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space(4)};

  h1 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }

  @media (max-width: ${({ theme }) => theme.breakpoints.md - 1}px) {
    padding: ${({ theme }) => theme.space(3)};
  }
`;

/**
 * "<title> – <site>", the site's description, and noindex: the meta of every console page. The title
 * is a message, or made from the page's loader data (a conversation's names).
 */
export function consoleMeta<Loader = unknown>(
  title: MessageDescriptor | ((data: Parameters<MetaFunction<Loader>>[0]['data']) => string),
  description?: MessageDescriptor,
): MetaFunction<Loader> {
  return ({ matches, data }): MetaDescriptor[] => [
    ...pageMeta(matches, typeof title === 'function' ? title(data) : metaMessage(matches, title), description ? metaMessage(matches, description) : undefined),
    { name: 'robots', content: 'noindex' },
  ];
}
