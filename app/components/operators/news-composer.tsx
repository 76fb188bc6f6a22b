// The news composer of the operator console (/operator/news; docs/decisions/0024): the text in the
// default language and, folded away, in each other language; a preview of the mail as a member of a
// chosen language gets it (rendered in a sandboxed frame); send to all members; the last posts.
import { LocaleOptions } from './locale-options';
import { Form, useNavigation } from '@remix-run/react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { LOCALE_NAMES, LOCALES, type Locale } from '~/shared/locales';
import { ConsolePage } from './console-page';
import { FieldLabel, Muted, Notice, Panel, SmallButton } from './parts';

export type NewsActionData = {
  ok: boolean;
  text?: string;
  values: Record<string, string>;
  preview?: { locale: Locale; subject: string; html: string; fallback: boolean };
};

interface PostSummary {
  id: number;
  subject: string;
  languages: string[];
  sent_at: string | null;
  recipients: number;
}

const Columns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};

  @media (min-width: ${({ theme }) => theme.breakpoints.lg}px) {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
    align-items: start;
  }
`;

const Fields = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};

  details {
    border: 1px solid #dfe2ea;
    border-radius: ${({ theme }) => theme.radii.sm};
    padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  }

  summary {
    cursor: pointer;
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: 600;
    min-height: 32px;
    display: flex;
    align-items: center;
  }

  details[open] > div {
    display: grid;
    gap: ${({ theme }) => theme.space(2)};
    margin-top: ${({ theme }) => theme.space(2)};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space(3)};
`;

const Frame = styled.iframe`
  width: 100%;
  height: 560px;
  border: 1px solid #dfe2ea;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: #ffffff;
`;

const Posts = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space(2)};
    padding-bottom: ${({ theme }) => theme.space(2)};
    border-bottom: 1px solid #eceef3;
  }
`;

function LanguageFields({ locale, values, isDefault }: { locale: Locale; values: Record<string, string>; isDefault: boolean }) {
  return (
    <details open={isDefault || Boolean(values[`subject_${locale}`] || values[`body_${locale}`])}>
      <summary lang={locale}>
        {LOCALE_NAMES[locale]}
        {isDefault ? (
          <>
            {' · '}
            <FormattedMessage id="operator.news.defaultMark" defaultMessage="default language" />
          </>
        ) : null}
      </summary>
      <div>
        <FieldLabel>
          <FormattedMessage id="operator.news.subject" defaultMessage="Subject" />
          <input name={`subject_${locale}`} lang={locale} maxLength={120} defaultValue={values[`subject_${locale}`] ?? ''} data-testid={`news-subject-${locale}`} />
        </FieldLabel>
        <FieldLabel>
          <FormattedMessage id="operator.news.body" defaultMessage="Text (an empty line starts a new paragraph)" />
          <textarea name={`body_${locale}`} lang={locale} maxLength={5000} rows={6} defaultValue={values[`body_${locale}`] ?? ''} data-testid={`news-body-${locale}`} />
        </FieldLabel>
      </div>
    </details>
  );
}

export function NewsComposer({ posts, tenantName, defaultLocale, result }: { posts: PostSummary[]; tenantName: string; defaultLocale: Locale; result: NewsActionData | null }) {
  const intl = useIntl();
  const navigation = useNavigation();
  const values = result?.values ?? {};
  const chosenDefault = (values.default_locale as Locale | undefined) ?? defaultLocale;
  const ordered = [chosenDefault, ...LOCALES.filter((l) => l !== chosenDefault)];
  return (
    <ConsolePage $width={1100}>
      <h1>
        <FormattedMessage id="operator.news.heading" defaultMessage="News for the members of {site}" values={{ site: tenantName }} />
      </h1>
      {result?.text ? (
        <Notice $tone={result.ok ? 'success' : 'danger'} role={result.ok ? 'status' : 'alert'} data-testid="news-result">
          {result.text}
        </Notice>
      ) : null}
      <Columns>
        <Panel aria-labelledby="news-compose">
          <h2 id="news-compose">
            <FormattedMessage id="operator.news.compose" defaultMessage="Write the announcement" />
          </h2>
          <Form method="post" key={result?.ok && !result.preview ? 'sent' : 'editing'}>
            <Fields>
              <Muted>
                <FormattedMessage
                  id="operator.news.hint"
                  defaultMessage="Each member gets the text in their own language when you write one; otherwise the text in the default language. Members who switched news off, or whose e-mail is off, get nothing."
                />
              </Muted>
              <FieldLabel>
                <FormattedMessage id="operator.news.default" defaultMessage="Default language" />
                <select name="default_locale" defaultValue={chosenDefault}>
                  <LocaleOptions />
                </select>
              </FieldLabel>
              {ordered.map((locale) => (
                <LanguageFields key={locale} locale={locale} values={values} isDefault={locale === chosenDefault} />
              ))}
              <Actions>
                <FieldLabel>
                  <FormattedMessage id="operator.news.previewAs" defaultMessage="Preview as a member who reads" />
                  <select name="preview_locale" defaultValue={values.preview_locale ?? chosenDefault}>
                    <LocaleOptions />
                  </select>
                </FieldLabel>
                <SmallButton type="submit" name="intent" value="preview" data-testid="news-preview">
                  <FormattedMessage id="operator.news.preview" defaultMessage="Preview" />
                </SmallButton>
                <SmallButton type="submit" name="intent" value="send" $variant="primary" disabled={navigation.state === 'submitting'} data-testid="news-send">
                  <FormattedMessage id="operator.news.send" defaultMessage="Send to all members" />
                </SmallButton>
              </Actions>
            </Fields>
          </Form>
        </Panel>
        <Panel aria-labelledby="news-preview">
          <h2 id="news-preview">
            <FormattedMessage id="operator.news.previewHeading" defaultMessage="Preview" />
          </h2>
          {result?.preview ? (
            <>
              <p>
                <strong>{result.preview.subject}</strong>
              </p>
              {result.preview.fallback ? (
                <Muted>
                  <FormattedMessage
                    id="operator.news.fallback"
                    defaultMessage="No text in {language}: these members get the default language."
                    values={{ language: LOCALE_NAMES[result.preview.locale] }}
                  />
                </Muted>
              ) : null}
              <Frame sandbox="" srcDoc={result.preview.html} title={intl.formatMessage({ id: 'operator.news.previewFrame', defaultMessage: 'The mail as the member sees it' })} data-testid="news-preview-frame" />
            </>
          ) : (
            <Muted>
              <FormattedMessage id="operator.news.previewEmpty" defaultMessage="Write a text and press Preview to see the mail as a member gets it." />
            </Muted>
          )}
        </Panel>
      </Columns>
      <Panel aria-labelledby="news-sent">
        <h2 id="news-sent">
          <FormattedMessage id="operator.news.sent" defaultMessage="Sent news" />
        </h2>
        {posts.length === 0 ? (
          <Muted>
            <FormattedMessage id="operator.news.none" defaultMessage="No news sent yet." />
          </Muted>
        ) : (
          <Posts>
            {posts.map((post) => (
              <li key={post.id}>
                <span>{post.subject}</span>
                <Muted>
                  {post.sent_at ? <FormattedDate value={post.sent_at} dateStyle="medium" timeStyle="short" timeZone="UTC" /> : null}
                  {' · '}
                  <FormattedMessage id="operator.news.recipients" defaultMessage="Recipients: {count}" values={{ count: post.recipients }} />
                </Muted>
              </li>
            ))}
          </Posts>
        )}
      </Panel>
    </ConsolePage>
  );
}
