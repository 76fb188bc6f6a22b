// /operator/marketing: the marketer's gallery (docs/decisions/0028) — every lander and member landing
// of the site with each variant and split, live previews at 375 and 1280 px in a chosen language, and
// the tracking-link builder. Only for operators with the marketing role on this site (others: 403,
// members 404, visitors the console's login, decision 0070); app/.server/marketing/ decides what they see.
import { LocaleOptions } from '~/components/operators/locale-options';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { isLocale, type Locale } from '~/shared/locales';
import { TRACKING_LINK_FIELDS, trackingLink } from '~/shared/marketing-types';
import { landerGallery } from '~/.server/marketing/gallery';
import { requireTenantRole } from '~/.server/operators/console';
import { ConsolePage, consoleMeta } from '~/components/operators/console-page';
import { FieldLabel, Panel, SmallButton } from '~/components/operators/parts';
import { GalleryCard } from '~/components/marketing/gallery-card';
import { landerName } from '~/components/marketing/lander-names';
import { LinkBuilder } from '~/components/marketing/link-builder';
import { MarketingHead } from '~/components/marketing/marketing-nav';
import { FilterBar } from '~/components/operators/parts';

export async function loader({ context, request }: LoaderFunctionArgs) {
  const operator = requireTenantRole(context, 'marketing');
  const result = await landerGallery(context.db, context.tenant, operator);
  if (!result.ok) throw new Response('Forbidden', { status: 403 });
  const { entries, locales } = result.value;
  const query = new URL(request.url).searchParams;
  const landers = [...new Set(entries.map((entry) => entry.lander))];
  const lander = landers.find((name) => name === query.get('lander')) ?? landers[0]!;
  const wanted = query.get('locale');
  const locale = (locales.find((code) => code === wanted) ?? (locales.includes(operator.language) ? operator.language : locales[0]!)) as Locale;
  const builder = Object.fromEntries([...TRACKING_LINK_FIELDS, 'lang', 'path'].map((key) => [key, (query.get(key) ?? '').slice(0, 128)]));
  if (!entries.some((entry) => entry.path === builder.path)) builder.path = entries.find((entry) => entry.lander === lander)!.path;
  const lang = isLocale(builder.lang) && locales.includes(builder.lang) ? builder.lang : '';
  return {
    site: context.tenant.settings.name,
    origin: context.origin,
    landers,
    lander,
    locale,
    locales: locales as Locale[],
    entries,
    networks: Object.keys(context.tenant.postbacks ?? {}),
    builder: { ...builder, lang },
    link: query.has('make') ? trackingLink(context.origin, builder.path!, { ...builder, lang }) : null,
  };
}

const texts = defineMessages({
  title: { id: 'marketing.gallery.title', defaultMessage: 'Landers and tracking links' },
});

export const meta = consoleMeta(texts.title);

const Grid = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  padding: 0;
  list-style: none;

  @media (min-width: ${({ theme }) => theme.breakpoints.lg}px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

export default function MarketingGallery() {
  const data = useLoaderData<typeof loader>();
  const { site, origin, landers, lander, locale, locales, entries, networks, builder, link } = data;
  const intl = useIntl();
  const shown = entries.filter((entry) => entry.lander === lander);
  const slugName = (slug: string | null) => slug ?? intl.formatMessage({ id: 'marketing.gallery.noSlug', defaultMessage: 'no slug' });
  const pages = entries.map((entry) => ({ path: entry.path, label: `${landerName(intl, entry.lander)} · ${slugName(entry.slug)}` }));
  const withLang = (path: string) => (locales.length > 1 ? `${path}?lang=${locale}` : path);
  const builderUrl = (path: string) => `?${new URLSearchParams({ lander, locale, path, ...(locales.length > 1 ? { lang: locale } : {}) })}#builder`;
  return (
    <ConsolePage>
      <MarketingHead title={intl.formatMessage(texts.title)}>
        <FormattedMessage
          id="marketing.gallery.intro"
          defaultMessage="Every lander and member landing of {site} with each of its variants, as visitors see it. Your own views are never counted as visits."
          values={{ site }}
        />
      </MarketingHead>
      <Panel aria-labelledby="gallery-heading">
        <h2 id="gallery-heading">
          <FormattedMessage id="marketing.gallery.heading" defaultMessage="Gallery" />
        </h2>
        <FilterBar $field={160} method="get" data-testid="gallery-filters">
          <FieldLabel>
            <FormattedMessage id="marketing.gallery.lander" defaultMessage="Lander" />
            <select name="lander" defaultValue={lander} onChange={(event) => event.currentTarget.form?.requestSubmit()} data-testid="gallery-lander">
              {landers.map((name) => (
                <option key={name} value={name}>
                  {landerName(intl, name)}
                </option>
              ))}
            </select>
          </FieldLabel>
          <FieldLabel>
            <FormattedMessage id="marketing.gallery.language" defaultMessage="Language" />
            <select name="locale" defaultValue={locale} onChange={(event) => event.currentTarget.form?.requestSubmit()} data-testid="gallery-locale">
              <LocaleOptions locales={locales} />
            </select>
          </FieldLabel>
          <SmallButton type="submit">
            <FormattedMessage id="marketing.gallery.show" defaultMessage="Show" />
          </SmallButton>
        </FilterBar>
      </Panel>
      <Grid data-testid="gallery">
        {shown.map((entry) => (
          <GalleryCard
            key={`${entry.path}:${locale}`}
            entry={entry}
            title={`${landerName(intl, entry.lander)} · ${slugName(entry.slug)}`}
            headline={entry.headlines[locale] ?? ''}
            previewUrl={withLang(entry.path)}
            builderUrl={builderUrl(entry.path)}
          />
        ))}
      </Grid>
      <LinkBuilder key={JSON.stringify(builder)} origin={origin} pages={pages} locales={locales} networks={networks} initial={builder} keep={{ lander, locale }} link={link} />
    </ConsolePage>
  );
}
