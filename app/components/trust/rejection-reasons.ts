// Why a moderator rejected a photo (docs/decisions/0029): the fixed list, as the moderator picks it
// and as the member reads it in their language.
import { defineMessages } from 'react-intl';

export const rejectionReasons = defineMessages({
  nudity: { id: 'photoReview.reason.nudity', defaultMessage: 'Nudity or sexual content' },
  no_person: { id: 'photoReview.reason.no_person', defaultMessage: 'No person can be seen' },
  someone_else: { id: 'photoReview.reason.someone_else', defaultMessage: 'Shows someone else' },
  contact_details: { id: 'photoReview.reason.contact_details', defaultMessage: 'Contact details, links or advertising' },
  minor: { id: 'photoReview.reason.minor', defaultMessage: 'Shows someone under 18' },
  offensive: { id: 'photoReview.reason.offensive', defaultMessage: 'Violent or offensive content' },
});
