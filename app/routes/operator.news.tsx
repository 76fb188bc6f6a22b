// /operator/news: the tenant's news (docs/product.md §9 kind `news`; docs/decisions/0024) for operators with the
// marketing or admin role — write the announcement in the default language and any others, preview
// the mail a member of a chosen language gets, send it to all members (a job fans it out in batches;
// each member's copy in their language, else the default one). Decided by notifications/news.ts.
import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { defineMessages } from 'react-intl';
import { isLocale, type Locale } from '~/shared/locales';
import { serverMessage } from '~/.server/i18n/messages';
import { sendLimitText } from '~/.server/trust/send-limits';
import { formAction } from '~/.server/contract/form-action';
import { consoleAction, consoleFailure, requireOperator, roleRefused } from '~/.server/operators/console';
import { listNews, NewsFormSchema, previewNews, sendNews, type NewsError } from '~/.server/notifications/news';
import { consoleMeta } from '~/components/operators/console-page';
import { NewsComposer, type NewsActionData } from '~/components/operators/news-composer';

export async function loader({ context }: LoaderFunctionArgs) {
  const operator = requireOperator(context);
  const posts = await listNews(context.db, context.tenant, operator);
  if (!posts) roleRefused(operator.language);
  const language = context.tenant.settings.domain_language.slice(0, 2);
  return { posts, tenantName: context.tenant.settings.name, defaultLocale: (isLocale(language) ? language : 'en') as Locale };
}

const ERRORS: Record<NewsError, string> = {
  forbidden: 'operator.error.role',
  no_default_text: 'operator.news.error.noDefault',
};

/** The submitted texts, to fill the form again after a preview or a refusal. */
function formValues(raw: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(raw).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && /^(subject|body)_[a-z]{2}$|^(default|preview)_locale$/.test(entry[0])));
}

export const action = consoleAction(
  formAction({
    body: NewsFormSchema,
    failure: (failure): NewsActionData => ({ ...consoleFailure(failure), values: formValues(failure.raw) }),
    async handle({ context, body }): Promise<NewsActionData | ReturnType<typeof data<NewsActionData>>> {
      const operator = requireOperator(context);
      const values: Record<string, string> = { default_locale: body.input.default_locale, preview_locale: body.previewLocale };
      for (const [locale, text] of Object.entries(body.input.texts)) Object.assign(values, { [`subject_${locale}`]: text.subject, [`body_${locale}`]: text.body });
      if (body.intent === 'preview') {
        const preview = previewNews(context.tenant, operator, body.input, body.previewLocale, context.origin);
        if (!preview.ok) return preview.error === 'forbidden' ? roleRefused(context.locale) : { ok: false, text: serverMessage(context.locale, ERRORS[preview.error]), values };
        return { ok: true, values, preview: { locale: body.previewLocale, subject: preview.subject, html: preview.html, fallback: preview.fallback } };
      }
      const sent = await sendNews(context.db, context.tenant, operator, body.input, context.jobs);
      if (!sent.ok && sent.error === 'send_limit') return data<NewsActionData>({ ok: false, text: sendLimitText(context.locale, sent.retryAfter), values }, { status: 429 });
      if (!sent.ok) return sent.error === 'forbidden' ? roleRefused(context.locale) : { ok: false, text: serverMessage(context.locale, ERRORS[sent.error]), values };
      return { ok: true, values: {}, text: serverMessage(context.locale, 'operator.news.done', { count: sent.members }) };
    },
  }),
);

const texts = defineMessages({
  title: { id: 'operator.news.title', defaultMessage: 'News' },
});

export const meta = consoleMeta(texts.title);

export default function OperatorNews() {
  const { posts, tenantName, defaultLocale } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return <NewsComposer posts={posts} tenantName={tenantName} defaultLocale={defaultLocale} result={result ?? null} />;
}
