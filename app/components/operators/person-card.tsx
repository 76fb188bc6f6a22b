// A profile as the console shows it: the member (who wrote) or the persona (the fictional profile
// the operator writes as) — facts, texts, interests and photos; never an e-mail address.
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import type { PersonCard as Person } from '~/shared/operator-types';
import { fieldLabels, noteLabels, valueLabels } from '../members/profile-labels';
import { FactList, Muted, Panel, Pill, TagList } from './parts';
import { Face } from './queue-list';

const Head = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(3)};
  align-items: center;
  margin-bottom: ${({ theme }) => theme.space(3)};

  h2 {
    margin: 0;
  }
`;

const Section = styled.div`
  display: grid;
  gap: 6px;
  margin-top: ${({ theme }) => theme.space(3)};

  h3 {
    margin: 0;
    color: #545d70;
    font-size: ${({ theme }) => theme.fontSizes.xs};
    letter-spacing: 0.06em;
    text-transform: uppercase;
  }

  p {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.sm};
    white-space: pre-line;
  }
`;

export const PhotoStrip = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(64px, 1fr));
  gap: 6px;
  margin: 0;
  padding: 0;
  list-style: none;

  img {
    display: block;
    width: 100%;
    aspect-ratio: 3 / 4;
    border-radius: ${({ theme }) => theme.radii.sm};
    object-fit: cover;
    background: #e9ecf3;
  }
`;

export function PersonCard({ person, kicker, extra, testId }: { person: Person; kicker: ReactNode; extra?: ReactNode; testId: string }) {
  const intl = useIntl();
  const label = (key: string, value: string | boolean) => {
    const descriptor = valueLabels[`${key}.${String(value)}`];
    return descriptor ? intl.formatMessage(descriptor) : String(value);
  };
  const interest = (id: string) => intl.formatMessage({ id: `interest.${id}` });
  return (
    <Panel data-testid={testId}>
      <Head>
        <Face src={person.photos[0]?.thumb ?? null} name={person.name} size={56} />
        <div>
          <Muted>{kicker}</Muted>
          <h2>
            {person.name}, {person.age}
          </h2>
          <Muted>{[person.city, person.region, person.country].filter(Boolean).join(', ')}</Muted>
        </div>
      </Head>
      <FactList>
        <dt>{intl.formatMessage(fieldLabels.gender!)}</dt>
        <dd>{label('gender', person.gender)}</dd>
        <dt>{intl.formatMessage(fieldLabels.sexuality!)}</dt>
        <dd>{label('sexuality', person.sexuality)}</dd>
        {Object.entries(person.facts).map(([key, value]) => (
          <Fact key={key} term={intl.formatMessage(fieldLabels[key]!)} value={label(key, value)} />
        ))}
        {extra}
      </FactList>
      {person.about ? (
        <Section>
          <h3>{intl.formatMessage(noteLabels.about!)}</h3>
          <p>{person.about}</p>
        </Section>
      ) : null}
      {person.lookingFor ? (
        <Section>
          <h3>{intl.formatMessage(noteLabels.looking_for!)}</h3>
          <p>{person.lookingFor}</p>
        </Section>
      ) : null}
      {person.interests.length ? (
        <Section>
          <h3>{intl.formatMessage(fieldLabels.interests!)}</h3>
          <TagList>
            {person.interests.map((id) => (
              <li key={id}>
                <Pill>{interest(id)}</Pill>
              </li>
            ))}
          </TagList>
        </Section>
      ) : null}
      {person.photos.length ? (
        <Section>
          <h3>
            <FormattedMessage id="operator.photos" defaultMessage="Photos ({count})" values={{ count: person.photos.length }} />
          </h3>
          <PhotoStrip>
            {person.photos.map((photo, index) => (
              <li key={photo.id}>
                <a href={photo.url} target="_blank" rel="noreferrer">
                  <img src={photo.thumb} alt={intl.formatMessage({ id: 'operator.photoOf', defaultMessage: 'Photo {number} of {name}' }, { number: index + 1, name: person.name })} loading="lazy" />
                </a>
              </li>
            ))}
          </PhotoStrip>
        </Section>
      ) : null}
    </Panel>
  );
}

export function Fact({ term, value }: { term: ReactNode; value: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </>
  );
}
