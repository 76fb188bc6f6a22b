// The operator roles' names and what each lets an operator do, in the console's language.
import { defineMessages } from 'react-intl';
import type { OperatorRole } from '~/shared/operator-types';

export const roleNames = defineMessages<OperatorRole>({
  answering: { id: 'operator.role.answering', defaultMessage: 'Answering' },
  moderation: { id: 'operator.role.moderation', defaultMessage: 'Complaints and moderation' },
  marketing: { id: 'operator.role.marketing', defaultMessage: 'Marketing' },
  admin: { id: 'operator.role.admin', defaultMessage: 'Team admin' },
});

export const roleHints = defineMessages<OperatorRole>({
  answering: { id: 'operator.role.answering.hint', defaultMessage: 'Answers members who wrote to the chat service\'s profiles.' },
  moderation: { id: 'operator.role.moderation.hint', defaultMessage: 'Decides complaints and reports, checks photos and flagged chats.' },
  marketing: { id: 'operator.role.marketing.hint', defaultMessage: 'Sees landing pages, traffic sources and their results.' },
  admin: { id: 'operator.role.admin.hint', defaultMessage: 'Invites operators to this site and gives them roles.' },
});
