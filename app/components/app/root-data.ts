// What the document's loader (app/root.tsx) hands every page: the site's shell, the member's badges
// and banners, the catalogue's and wake script's URLs. Declared here, not inferred from root.tsx, so
// that a component reading it never imports the root that renders it (issue 49 item 3: no circles).
import { useRouteLoaderData } from '@remix-run/react';
import type { Locale } from '~/shared/locales';
import type { ShellData } from '~/shared/shell';
import type { PageAlertKey } from '~/state/alerts';

export interface ShellUser {
  name: string;
  credits: number;
  paid_user: boolean;
  /** The member's profile has a main photo. */
  photo: boolean;
  /** Why mail to the member is off (MAIL_OFF_REASONS), for the page alert. */
  mailOff: string[];
}

export interface RootData {
  locale: Locale;
  messagesUrl: string;
  wakeUrl: string;
  shell: ShellData;
  user: ShellUser | null;
  ownProfile: number | null;
  banners: {
    activation: boolean;
    /** The page alerts the member dismissed (their cookies): the server renders the others with the page. */
    dismissedAlerts: Partial<Record<PageAlertKey, number>>;
  };
  newLikes: number;
  unreadMessages: number;
  year: number;
}

/** The root's data, where a page has it (an error page of a failed root has none). */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>('root');
}
