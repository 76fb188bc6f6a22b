// The complaint categories (the /complaints form, the Report action, the moderation queue).
import { defineMessages } from 'react-intl';
import type { ComplaintAction, ComplaintCategory } from '~/shared/complaint-types';

export const categoryNames = defineMessages<ComplaintCategory>({
  illegal: { id: 'complaints.category.illegal', defaultMessage: 'Illegal content' },
  harassment: { id: 'complaints.category.harassment', defaultMessage: 'Harassment or threats' },
  scam: { id: 'complaints.category.scam', defaultMessage: 'Scam or asking for money' },
  fake_profile: { id: 'complaints.category.fake_profile', defaultMessage: 'Fake profile' },
  minor: { id: 'complaints.category.minor', defaultMessage: 'Someone under 18' },
  spam: { id: 'complaints.category.spam', defaultMessage: 'Spam or advertising' },
  privacy: { id: 'complaints.category.privacy', defaultMessage: 'My privacy or my photos' },
  other: { id: 'complaints.category.other', defaultMessage: 'Something else' },
});

export const actionNames = defineMessages<ComplaintAction>({
  none: { id: 'complaints.action.none', defaultMessage: 'No action' },
  warning: { id: 'complaints.action.warning', defaultMessage: 'Warning to the member' },
  content_removed: { id: 'complaints.action.content_removed', defaultMessage: 'Content removed' },
  profile_hidden: { id: 'complaints.action.profile_hidden', defaultMessage: 'Profile hidden' },
  account_suspended: { id: 'complaints.action.account_suspended', defaultMessage: 'Account suspended' },
});
