// The one registry of the JSON API (docs/api.md, docs/decisions/0041): every /api/<name>.php the
// server answers, each an apiRoute() of its own module in this folder. The server's API router
// (app/.server/http/api-router.ts) serves exactly these, in front of Remix; any other /api/ path
// answers 404 not_found. A new endpoint: its module here, and one entry below.
import type { ApiRoute } from '../http/api-route';
import accountDelete from './account-delete';
import autoLike from './auto-like';
import block from './block';
import chat from './chat';
import chats from './chats';
import companyinfo from './companyinfo';
import credits from './credits';
import directdebit from './directdebit';
import discountcode from './discountcode';
import events from './events';
import geocode from './geocode';
import gifts from './gifts';
import interests from './interests';
import landerProfiles from './lander-profiles';
import like from './like';
import likes from './likes';
import logout from './logout';
import mailChange from './mail-change';
import mailFeedback from './mail-feedback';
import members from './members';
import message from './message';
import notifications from './notifications';
import pageHidden from './page-hidden';
import password from './password';
import passwordReset from './password-reset';
import payment from './payment';
import paymentWebhook from './payment-webhook';
import photos from './photos';
import refund from './refund';
import regions from './regions';
import repeatOrder from './repeat-order';
import report from './report';
import settings from './settings';
import signup from './signup';
import swipe from './swipe';
import transactions from './transactions';
import user from './user';

export const API_ROUTES: Readonly<Record<string, ApiRoute>> = {
  '/api/account-delete.php': accountDelete,
  '/api/auto-like.php': autoLike,
  '/api/block.php': block,
  '/api/chat.php': chat,
  '/api/chats.php': chats,
  '/api/companyinfo.php': companyinfo,
  '/api/credits.php': credits,
  '/api/directdebit.php': directdebit,
  '/api/discountcode.php': discountcode,
  '/api/events.php': events,
  '/api/geocode.php': geocode,
  '/api/gifts.php': gifts,
  '/api/interests.php': interests,
  '/api/lander-profiles.php': landerProfiles,
  '/api/like.php': like,
  '/api/likes.php': likes,
  '/api/logout.php': logout,
  '/api/mail-change.php': mailChange,
  '/api/mail-feedback.php': mailFeedback,
  '/api/members.php': members,
  '/api/message.php': message,
  '/api/notifications.php': notifications,
  '/api/page-hidden.php': pageHidden,
  '/api/password.php': password,
  '/api/password-reset.php': passwordReset,
  '/api/payment.php': payment,
  '/api/payment-webhook.php': paymentWebhook,
  '/api/photos.php': photos,
  '/api/refund.php': refund,
  '/api/regions.php': regions,
  '/api/repeat-order.php': repeatOrder,
  '/api/report.php': report,
  '/api/settings.php': settings,
  '/api/signup.php': signup,
  '/api/swipe.php': swipe,
  '/api/transactions.php': transactions,
  '/api/user.php': user,
};
