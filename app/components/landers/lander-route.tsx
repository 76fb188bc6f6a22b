// The parts shared by the lander route and the three member-landing routes: meta (title from the
// variant, the canonical URL without a split's or a default's alias, no indexing of paid-traffic
// pages) and the page itself.
import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useLanderTexts, type LanderData } from './kit';
import { LANDER_DESIGNS, LANDING_DESIGNS } from './designs';

/** The lander layout, hydrated on demand: no framework until the visitor acts (docs/decisions/0035). */
export const landerHandle = { layout: 'lander' as const, hydrate: 'on-demand' as const };

export const landerMeta: MetaFunction = ({ data }) => {
  const page = data as LanderData | undefined;
  if (!page) return [];
  const title = page.texts.headline ?? page.profile?.name ?? page.site;
  return [
    { title: `${title} – ${page.site}` },
    { name: 'description', content: page.texts.subline ?? page.site },
    { name: 'robots', content: 'noindex' },
    { tagName: 'link', rel: 'canonical', href: page.canonical },
  ];
};

export function LanderPage() {
  const data = useLoaderData() as LanderData;
  // Texts are read here too, so that a missing translation fails the page's own test, not a design's.
  useLanderTexts(data);
  if (data.profile) {
    const Design = LANDING_DESIGNS[data.lander]!;
    return <Design data={{ ...data, profile: data.profile }} />;
  }
  const Design = LANDER_DESIGNS[data.lander]!;
  return <Design data={data} />;
}
