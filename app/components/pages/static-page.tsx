import { useRef } from 'react';
import { FormattedMessage } from 'react-intl';
import { STATIC_PAGE_TEXT, useServerOnly } from '~/components/app/server-only';
import { Lead, Prose } from './prose';

const TEXT_ID = 'page-text';

/**
 * The page's text: from the loader on client navigation; on a document load it is not in the loader
 * data (it would be there twice), so the server render takes it from `serverOnly` and hydration
 * from the HTML the server sent.
 */
function usePageText(html: string | null): string {
  const server = useServerOnly<string>(STATIC_PAGE_TEXT);
  const fromDocument = useRef<string | null>(null);
  if (html !== null) return html;
  if (server !== undefined) return server;
  fromDocument.current ??= typeof document === 'undefined' ? '' : (document.getElementById(TEXT_ID)?.innerHTML ?? '');
  return fromDocument.current;
}

export function StaticPageView({ title, html, updated }: { title: string; html: string | null; updated: string }) {
  const text = usePageText(html);
  return (
    <Prose>
      <h1>{title}</h1>
      <Lead>
        <FormattedMessage id="pages.updated" defaultMessage="Last updated: {date}" values={{ date: updated }} />
      </Lead>
      <div id={TEXT_ID} dangerouslySetInnerHTML={{ __html: text }} />
    </Prose>
  );
}
