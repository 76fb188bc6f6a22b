import { FormattedMessage } from 'react-intl';
import { Lead, Prose } from './prose';

export function StaticPageView({ title, html, updated }: { title: string; html: string; updated: string }) {
  return (
    <Prose>
      <h1>{title}</h1>
      <Lead>
        <FormattedMessage id="pages.updated" defaultMessage="Last updated: {date}" values={{ date: updated }} />
      </Lead>
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Prose>
  );
}
