// The name of each notification kind (docs/product.md §9) as the settings list it, and as the one-click
// unsubscribe page names what it turned off and what still comes (issue 48 item 19).
import { defineMessages } from 'react-intl';

export const KIND_LABELS = defineMessages({
  new_conversations: { id: 'settings.kind.new_conversations', defaultMessage: 'Someone starts a conversation with me' },
  new_messages: { id: 'settings.kind.new_messages', defaultMessage: 'New messages' },
  like: { id: 'settings.kind.like', defaultMessage: 'Someone likes me' },
  unread_message_reminders: { id: 'settings.kind.unread_message_reminders', defaultMessage: 'Reminders of unread messages' },
  promotions: { id: 'settings.kind.promotions', defaultMessage: 'Offers and discounts' },
  weekly_updates: { id: 'settings.kind.weekly_updates', defaultMessage: 'Weekly update with new members' },
  news: { id: 'settings.kind.news', defaultMessage: 'News about the website' },
  reminders: { id: 'settings.kind.reminders', defaultMessage: 'Other reminders' },
});
