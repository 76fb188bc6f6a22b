// Distances on the search page (docs/product.md §3 Geolocation): where the browser has already granted its
// location, or once the visitor asks for distances, the position is found, geocoded, cached for an
// hour, and the results reload with the distance on each card.
import { useRevalidator } from '@remix-run/react';
import { useEffect } from 'react';
import { FormattedMessage } from 'react-intl';
import styled from 'styled-components';
import { useSnapshot } from 'valtio';
import { Button } from '~/components/app/buttons';
import { useAppState } from '~/state/app-state';
import { browserGeoEnvironment, locate, startGeolocation } from '~/state/geolocation';
import { forgetSearchPages } from '~/state/search';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/**
 * `hasDistances`: the server knew where the viewer is, so every card with a location shows its
 * distance — also when none on this page has one (the button would otherwise come back after each
 * locate and seem to do nothing, issue 48 item 18).
 */
export function DistanceControl({ hasDistances }: { hasDistances: boolean }) {
  const { geo, search } = useAppState();
  const { permission, geocode, locating } = useSnapshot(geo);
  const revalidator = useRevalidator();

  useEffect(() => {
    const before = geo.locatedAt;
    void startGeolocation(geo, browserGeoEnvironment()).then(() => {
      if (geo.locatedAt !== before && !hasDistances) {
        forgetSearchPages(search); // kept pages have no distances
        revalidator.revalidate();
      }
    });
    // Once per page: the permission and the cache do not change with the results.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (permission === 'unsupported') return null;
  const showDistances = () =>
    void locate(geo, browserGeoEnvironment()).then(() => {
      forgetSearchPages(search);
      revalidator.revalidate();
    });

  return (
    <Bar data-testid="distance-control">
      {geocode && hasDistances ? (
        <span>
          <FormattedMessage id="members.location.near" defaultMessage="Distances from {city}" values={{ city: geocode.city }} />
        </span>
      ) : permission === 'denied' ? (
        <span role="status">
          <FormattedMessage id="members.location.denied" defaultMessage="Your browser does not share your location, so distances are not shown." />
        </span>
      ) : !hasDistances ? (
        <Button type="button" $variant="ghost" onClick={showDistances} disabled={locating} data-testid="show-distances">
          {locating ? (
            <FormattedMessage id="members.location.locating" defaultMessage="Finding your location…" />
          ) : (
            <FormattedMessage id="members.location.show" defaultMessage="Show distances" />
          )}
        </Button>
      ) : null}
    </Bar>
  );
}
