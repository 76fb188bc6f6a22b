// The filters of /members: the tenant's offered filters (settings.search_fields) with the values in
// effect; the region list follows the chosen country.
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { Button } from '~/components/app/buttons';
import { SelectField } from '~/components/forms/fields';
import { FilterPanel, PanelCheck } from '~/components/forms/filter-panel';
import { fieldLabels, valueLabels } from '~/components/members/profile-labels';
import { regionLabel, regionLabelOf } from '~/shared/region-labels';
import { SEARCH_CHOICES as CHOICES, type SearchFilterOffer, type SearchFormValues } from '~/shared/search-form';
import { DISTANCES_KM } from '~/shared/search-limits';

const Filters = styled(FilterPanel)`
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}px) {
    grid-template-columns: repeat(6, minmax(0, 1fr));
  }
`;

const AGES = Array.from({ length: 82 }, (_, i) => 18 + i);


export interface SearchFiltersData {
  filters: SearchFilterOffer;
  values: SearchFormValues;
  countries: string[];
  regions: Record<string, { code: string; name: string }[]>;
  interests: string[];
  locationKnown: boolean;
}

export function SearchFilters({ data }: { data: SearchFiltersData }) {
  const intl = useIntl();
  const { values } = data;
  const [country, setCountry] = useState(values.country);
  useEffect(() => setCountry(values.country), [values.country]);
  const regions = new Intl.DisplayNames([intl.locale], { type: 'region' });
  const t = intl.formatMessage;
  const any = t({ id: 'members.filter.anyValue', defaultMessage: 'Any' });
  const regionCountries = (country ? [country] : data.countries).filter((code) => (data.regions[code] ?? []).length > 0);
  const regionFieldLabel = regionLabelOf(regionCountries, t);
  return (
  <Filters method="get" role="search" data-testid="member-filters">
    {data.filters.gender ? (
      <SelectField id="gender" label={t({ id: 'members.filter.gender', defaultMessage: 'Looking for' })} defaultValue={values.gender}>
        <option value="">{t({ id: 'members.filter.any', defaultMessage: 'Everyone' })}</option>
        <option value="female">{t({ id: 'signup.seeking.female', defaultMessage: 'women' })}</option>
        <option value="male">{t({ id: 'signup.seeking.male', defaultMessage: 'men' })}</option>
      </SelectField>
    ) : null}
    {data.filters.country ? (
      <SelectField
        id="country"
        label={t({ id: 'signup.field.country', defaultMessage: 'Country' })}
        value={country}
        onChange={(event) => setCountry(event.target.value)}
      >
        <option value="">{any}</option>
        {data.countries.map((code) => (
          <option key={code} value={code}>
            {regions.of(code)}
          </option>
        ))}
      </SelectField>
    ) : null}
    {data.filters.region && regionFieldLabel ? (
      <SelectField id="countryregion" label={regionFieldLabel} defaultValue={values.countryregion} key={country}>
        <option value="">{any}</option>
        {regionCountries.length > 1
          ? regionCountries.map((code) => (
              <optgroup key={code} label={`${regions.of(code) ?? code} – ${t(regionLabel(code)!)}`}>
                {(data.regions[code] ?? []).map((region) => (
                  <option key={region.code} value={region.code}>
                    {region.name}
                  </option>
                ))}
              </optgroup>
            ))
          : (data.regions[regionCountries[0]!] ?? []).map((region) => (
              <option key={region.code} value={region.code}>
                {region.name}
              </option>
            ))}
      </SelectField>
    ) : null}
    {data.filters.age ? (
      <>
        <SelectField id="min_age" label={t({ id: 'members.filter.minAge', defaultMessage: 'Age from' })} defaultValue={values.min_age}>
          <option value="">18</option>
          {AGES.map((age) => (
            <option key={age} value={age}>
              {age}
            </option>
          ))}
        </SelectField>
        <SelectField id="max_age" label={t({ id: 'members.filter.maxAge', defaultMessage: 'Age to' })} defaultValue={values.max_age}>
          <option value="">99</option>
          {AGES.map((age) => (
            <option key={age} value={age}>
              {age}
            </option>
          ))}
        </SelectField>
      </>
    ) : null}
    {data.filters.choices.map((field) => (
      <SelectField key={field} id={field} label={t(fieldLabels[field]!)} defaultValue={values[field]}>
        <option value="">{any}</option>
        {CHOICES[field].map((value) => (
          <option key={value} value={value}>
            {t(valueLabels[`${field}.${value}`]!)}
          </option>
        ))}
      </SelectField>
    ))}
    {data.filters.tattoos ? (
      <SelectField id="tattoos" label={t(fieldLabels.tattoos!)} defaultValue={values.tattoos}>
        <option value="">{any}</option>
        <option value="yes">{t({ id: 'members.filter.tattoos.yes', defaultMessage: 'With tattoos' })}</option>
        <option value="no">{t({ id: 'members.filter.tattoos.no', defaultMessage: 'Without tattoos' })}</option>
      </SelectField>
    ) : null}
    {data.filters.interests ? (
      <SelectField id="interests" label={t(fieldLabels.interests!)} defaultValue={values.interests}>
        <option value="">{any}</option>
        {data.interests.map((interest) => (
          <option key={interest} value={interest}>
            {t({ id: `interest.${interest}` })}
          </option>
        ))}
      </SelectField>
    ) : null}
    {data.filters.distance && data.locationKnown ? (
      <SelectField id="distance" label={t({ id: 'members.filter.distance', defaultMessage: 'Distance' })} defaultValue={values.distance}>
        <option value="">{t({ id: 'members.filter.anyDistance', defaultMessage: 'Any distance' })}</option>
        {DISTANCES_KM.map((km) => (
          <option key={km} value={km}>
            {t({ id: 'members.filter.withinKm', defaultMessage: 'Within {km} km' }, { km })}
          </option>
        ))}
      </SelectField>
    ) : null}
    {data.filters.withPhoto ? (
      <PanelCheck>
        <input type="checkbox" name="with_photo" value="1" defaultChecked={values.with_photo} />
        <span>
          <FormattedMessage id="members.filter.withPhoto" defaultMessage="Only profiles with a photo" />
        </span>
      </PanelCheck>
    ) : null}
    <Button type="submit">
      <FormattedMessage id="members.filter.submit" defaultMessage="Search" />
    </Button>
  </Filters>
  );
}
