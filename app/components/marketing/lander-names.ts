// The marketer's names of the landers and member landings (the URL names are the SPEC's).
import { defineMessages, type IntlShape } from 'react-intl';

const names = defineMessages({
  alonetonight: { id: 'marketing.lander.alonetonight', defaultMessage: 'Alone tonight' },
  collagelanding: { id: 'marketing.lander.collagelanding', defaultMessage: 'Photo collage' },
  gallery: { id: 'marketing.lander.gallery', defaultMessage: 'Gallery' },
  iconslanding: { id: 'marketing.lander.iconslanding', defaultMessage: 'Icons' },
  maplanding: { id: 'marketing.lander.maplanding', defaultMessage: 'Map' },
  socialnetwork: { id: 'marketing.lander.socialnetwork', defaultMessage: 'Social feed' },
  transitionsvideolanding: { id: 'marketing.lander.transitionsvideolanding', defaultMessage: 'Video with transitions' },
  video: { id: 'marketing.lander.video', defaultMessage: 'Video' },
  tinderswipe: { id: 'marketing.lander.tinderswipe', defaultMessage: 'Swipe cards' },
  landing: { id: 'marketing.lander.landing', defaultMessage: 'Member landing 1' },
  landing2: { id: 'marketing.lander.landing2', defaultMessage: 'Member landing 2' },
  landing3: { id: 'marketing.lander.landing3', defaultMessage: 'Member landing 3' },
  other: { id: 'marketing.lander.other', defaultMessage: 'Other page' },
});

export function landerName(intl: IntlShape, lander: string | null): string {
  const message = lander && lander in names ? names[lander as keyof typeof names] : names.other;
  return intl.formatMessage(message);
}
