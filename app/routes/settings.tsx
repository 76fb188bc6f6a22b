// /settings: the layout's settings route (docs/product.md §2), the same page as /notifications (SPEC: "notifications
// (also used as Settings)"); its forms post to /settings itself.
export { action, clientAction, default, loader, meta, shouldRevalidate } from './notifications';
