// "More profiles" under a profile: the next results of the visitor's search, from the search store;
// after a direct visit, one search is fetched and kept as the cached other profiles.
import { useEffect } from 'react';
import { FormattedMessage } from 'react-intl';
import styled from 'styled-components';
import { useSnapshot } from 'valtio';
import { useAppState } from '~/state/app-state';
import { otherProfiles, type SearchCard, type SearchState } from '~/state/search';
import { ProfileGrid } from './profile-grid';

const SHOWN = 8;

const Section = styled.section`
  max-width: 1140px;
  margin: 0 auto;
  padding: ${({ theme }) => `0 ${theme.space(4)} ${theme.space(8)}`};
`;

interface ApiCard {
  id: number;
  name: string;
  age: number;
  city: string | null;
  fictional: boolean;
  distance: number | null;
  main_image: { thumb_filename: string } | null;
}

export function OtherProfiles({ currentId }: { currentId: number }) {
  const { search } = useAppState();
  const snapshot = useSnapshot(search);
  const cards = otherProfiles(snapshot as SearchState, currentId, SHOWN);
  const empty = cards.length === 0;

  useEffect(() => {
    if (!empty || search.cachedOtherProfiles.length) return;
    const controller = new AbortController();
    fetch('/api/members.php', { headers: { Accept: 'application/json' }, signal: controller.signal })
      // An error answer is read to its end too: left unread, Chromium keeps the request open.
      .then((response) => (response.ok ? (response.json() as Promise<{ results: ApiCard[] }>) : response.text().then(() => null)))
      .then((body) => {
        if (!body) return;
        search.cachedOtherProfiles = body.results.map(
          (card): SearchCard => ({ id: card.id, name: card.name, age: card.age, city: card.city, fictional: card.fictional, distance: card.distance, thumb: card.main_image?.thumb_filename ?? null }),
        );
      })
      .catch(() => {
        // Visitors who may not search, or a network hiccup: the page simply shows no suggestions.
      });
    return () => controller.abort();
  }, [empty, search]);

  if (empty) return null;
  return (
    <Section aria-labelledby="more-profiles" data-testid="other-profiles">
      <h2 id="more-profiles">
        <FormattedMessage id="profile.moreProfiles" defaultMessage="More profiles" />
      </h2>
      <ProfileGrid profiles={cards} linked />
    </Section>
  );
}
