// What every lander and member landing shares: the variant's texts (or the catalogue's defaults),
// the call to action that opens the signup modal (a link to the signup page without JavaScript), a
// profile photo, the fictional mark and notice, and the signup modal every lander ends in.
import type { MouseEvent, ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { FictionalMark } from '~/components/app/fictional-mark';
import { SignupModal } from '~/components/signup/signup-modal';
import { openSignupModal, useAppState } from '~/state/app-state';
import type { LanderPageData } from '~/shared/lander-types';

export type LanderData = LanderPageData;

export function useLanderTexts(data: LanderData) {
  const intl = useIntl();
  return {
    headline: data.texts.headline ?? intl.formatMessage({ id: 'lander.default.headline', defaultMessage: 'Meet singles near you' }),
    subline: data.texts.subline ?? intl.formatMessage({ id: 'lander.default.subline', defaultMessage: 'Real profiles, free signup and a first chat within minutes.' }),
    cta: data.texts.cta ?? intl.formatMessage({ id: 'lander.default.cta', defaultMessage: 'Sign up for free' }),
  };
}

/** Where the signup goes: a member landing signs up in that profile's context. */
export const signupHref = (data: LanderData) => (data.profile ? `/members/${data.profile.id}/signup` : '/signup');

export const CtaLink = styled.a<{ $light?: boolean; $wide?: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-height: 52px;
  min-width: ${({ $wide }) => ($wide ? '260px' : 'auto')};
  padding: 0 ${({ theme }) => theme.space(7)};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme, $light }) => ($light ? theme.colors.background : theme.colors.primary)};
  color: ${({ theme, $light }) => ($light ? theme.colors.primary : theme.colors.onPrimary)};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: 800;
  text-decoration: none;
  box-shadow: ${({ theme }) => theme.shadows.raised};
  transition: transform 0.15s;

  &:hover {
    transform: translateY(-1px);
  }

  /* Pressed before the app has woken (wake.ts): it answers in a moment. */
  &[aria-busy='true'] {
    cursor: progress;
    opacity: 0.8;
  }
`;

/** The call to action: opens the signup modal; without JavaScript, the signup page. */
export function Cta({ data, children, light, wide = true, testId = 'lander-cta' }: { data: LanderData; children?: ReactNode; light?: boolean; wide?: boolean; testId?: string }) {
  const state = useAppState();
  const texts = useLanderTexts(data);
  const open = (event: MouseEvent) => {
    event.preventDefault();
    openSignupModal(state);
  };
  return (
    <CtaLink href={signupHref(data)} onClick={open} $light={light} $wide={wide} data-testid={testId}>
      {children ?? texts.cta}
    </CtaLink>
  );
}

/** The end of every lander: the signup modal (the layout's disclaimer explains the fictional mark). */
export function LanderEnd({ data }: { data: LanderData }) {
  return <SignupModal action={data.profile ? signupHref(data) : undefined} />;
}

export function NameAge({ name, age, fictional, mark }: { name: string; age: number | null; fictional: boolean; mark: boolean }) {
  return (
    <>
      {age !== null ? `${name}, ${age}` : name}
      {fictional && mark ? (
        <>
          {' '}
          <FictionalMark />
        </>
      ) : null}
    </>
  );
}

/** A profile's name and age with the fictional mark where the tenant shows it. */
export function ProfileName({ profile, data }: { profile: { name: string; age: number | null; fictional: boolean }; data: LanderData }) {
  return <NameAge name={profile.name} age={profile.age} fictional={profile.fictional} mark={data.fictionalIcon} />;
}

export function OnlineDot() {
  return (
    <Dot>
      <FormattedMessage id="lander.online" defaultMessage="Online now" />
    </Dot>
  );
}

const Dot = styled.span`
  display: inline-flex;
  gap: 6px;
  align-items: center;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;

  &::before {
    content: '';
    width: 8px;
    height: 8px;
    border-radius: 50%;
    background: #2bb673;
    box-shadow: 0 0 0 3px rgba(43, 182, 115, 0.25);
  }
`;

/** A photo with its size set, so that nothing moves when it loads (CLS 0). */
export const Photo = styled.img`
  display: block;
  width: 100%;
  height: auto;
  aspect-ratio: 4 / 5;
  object-fit: cover;
  background: ${({ theme }) => theme.colors.secondary};
`;

export const Section = styled.section`
  max-width: 1140px;
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space(8)} ${theme.space(4)}`};
`;
