// What a country calls its regions (docs/product.md §9: the 19 countries with a region label), for every place
// a region is shown or chosen: the signup form, /profile, the search filter, profile facts and
// settings.php. A country outside the list has no regions and no region field at all.
// docs/decisions/0014-member-experience.md says why each label.
import { defineMessages, type MessageDescriptor } from 'react-intl';
import { REGION_LABEL_COUNTRIES } from './catalogue';

export type RegionLabelCountry = (typeof REGION_LABEL_COUNTRIES)[number];

/** The kind of first-level region each country has (a stable key; settings.php serves it). */
export const REGION_KINDS: Record<RegionLabelCountry, string> = {
  NL: 'province',
  BE: 'province',
  GB: 'nation',
  IE: 'province',
  DE: 'federal_state',
  AT: 'federal_state',
  IT: 'region',
  FR: 'region',
  CH: 'canton',
  ES: 'autonomous_community',
  US: 'state',
  CA: 'province_or_territory',
  AU: 'state_or_territory',
  NZ: 'region',
  PL: 'voivodeship',
  DK: 'region',
  FI: 'region',
  NO: 'county',
  SE: 'county',
};

/** The label per country, so each language can use the word that country uses (Bundesland, län, maakunta). */
export const REGION_LABELS: Record<RegionLabelCountry, MessageDescriptor> = defineMessages({
  NL: { id: 'region.label.NL', defaultMessage: 'Province' },
  BE: { id: 'region.label.BE', defaultMessage: 'Province' },
  GB: { id: 'region.label.GB', defaultMessage: 'Nation' },
  IE: { id: 'region.label.IE', defaultMessage: 'Province' },
  DE: { id: 'region.label.DE', defaultMessage: 'State' },
  AT: { id: 'region.label.AT', defaultMessage: 'State' },
  IT: { id: 'region.label.IT', defaultMessage: 'Region' },
  FR: { id: 'region.label.FR', defaultMessage: 'Region' },
  CH: { id: 'region.label.CH', defaultMessage: 'Canton' },
  ES: { id: 'region.label.ES', defaultMessage: 'Autonomous community' },
  US: { id: 'region.label.US', defaultMessage: 'State' },
  CA: { id: 'region.label.CA', defaultMessage: 'Province or territory' },
  AU: { id: 'region.label.AU', defaultMessage: 'State or territory' },
  NZ: { id: 'region.label.NZ', defaultMessage: 'Region' },
  PL: { id: 'region.label.PL', defaultMessage: 'Voivodeship' },
  DK: { id: 'region.label.DK', defaultMessage: 'Region' },
  FI: { id: 'region.label.FI', defaultMessage: 'Region' },
  NO: { id: 'region.label.NO', defaultMessage: 'County' },
  SE: { id: 'region.label.SE', defaultMessage: 'County' },
});

export function hasRegions(country: string): country is RegionLabelCountry {
  return (REGION_LABEL_COUNTRIES as readonly string[]).includes(country);
}

/** The region label of a country; null for a country without regions (no region field). */
export function regionLabel(country: string | null | undefined): MessageDescriptor | null {
  return country && hasRegions(country) ? REGION_LABELS[country] : null;
}

const ANY_REGION: MessageDescriptor = defineMessages({ region: { id: 'signup.field.region', defaultMessage: 'Region' } }).region;

/**
 * One label for the regions of several countries (a search over all of a tenant's countries): the
 * distinct labels joined when there are two at most ("Bundesland / Kanton"), else the general word
 * (the options then name each country's label in their groups). Null when none has regions.
 */
export function regionLabelOf(countries: readonly string[], format: (m: MessageDescriptor) => string): string | null {
  const labels = [...new Set(countries.map(regionLabel).filter((m): m is MessageDescriptor => m !== null).map(format))];
  if (labels.length === 0) return null;
  return labels.length <= 2 ? labels.join(' / ') : format(ANY_REGION);
}
