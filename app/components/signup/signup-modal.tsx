// The signup modal (docs/product.md §2, §4): opened by ?signup=1 or by an action that needs an account. It
// cannot be closed by the backdrop or Escape once a signup is in progress; it closes when the visitor
// goes to log in — also by itself when the e-mail already has an account (redirectedToLogin) — and
// after a successful signup (which navigates on to the matches).
import { useFetcher, useLocation, useNavigate } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { useSnapshot } from 'valtio';
import { useAppState } from '~/state/app-state';
import { useRootData } from '~/components/app/root-data';
import type { ShellData } from '~/shared/shell';
import { nicheRule, nicheRuleText } from '~/shared/niche-rules';
import { MIN_AGE } from '~/shared/signup-rules';
import { Modal, openedBeforeHydration } from '../modals/modal';
import { SignupForm, type SignupData, type SignupResultData } from './signup-form';

/**
 * What the form's first step needs, from the page's shell: rendered with every page, so that the
 * dialog shows that step the moment it opens — on a sleeping page before the app has woken
 * (docs/decisions/0042). The rest (regions, whether signups are open to this visitor's source)
 * comes with GET /api/signup.php; the form keeps what was typed when it arrives.
 */
function firstStepData(shell: ShellData, locale: string): SignupData {
  const rule = nicheRule(shell.niche);
  return {
    open: true,
    site: shell.name,
    countries: [...shell.countries],
    defaultCountry: shell.visitorCountry && shell.countries.includes(shell.visitorCountry) ? shell.visitorCountry : shell.countries[0],
    regions: {},
    minAge: MIN_AGE,
    niche: shell.niche,
    nicheText: nicheRuleText(shell.niche),
    nicheMinAge: rule.minAge ?? MIN_AGE,
    bodyTypes: rule.bodyTypes ?? null,
    locale,
  };
}

const Body = styled.div`
  position: relative;
  max-height: 90vh;
  overflow-y: auto;
  padding: ${({ theme }) => theme.space(6)};

  h2 {
    font-size: ${({ theme }) => theme.fontSizes.xl};
    padding-right: ${({ theme }) => theme.space(8)};
  }

  form {
    display: grid;
    gap: ${({ theme }) => theme.space(4)};
  }
`;

const Close = styled.button`
  position: absolute;
  top: ${({ theme }) => theme.space(3)};
  right: ${({ theme }) => theme.space(3)};
  width: 40px;
  height: 40px;
  border: 0;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.secondary};
  color: ${({ theme }) => theme.colors.text};
  font-size: 1.4rem;
  cursor: pointer;
`;

/** `action`: where the form posts (a member landing posts to /members/{id}/signup: the new member then lands in that chat). */
export function SignupModal({ action }: { action?: string } = {}) {
  const state = useAppState();
  const { signupModal, user, entryWarningOpen } = useSnapshot(state);
  const page = useFetcher<SignupData>();
  const submit = useFetcher<SignupResultData>();
  const location = useLocation();
  const intl = useIntl();
  const [inProgress, setInProgress] = useState(false);
  const root = useRootData();
  // Opened by the wake script before the app woke: the app keeps it open (see the effect below).
  const [early, setEarly] = useState(() => openedBeforeHydration('signup'));

  const close = () => {
    state.signupModal = false;
    setInProgress(false);
  };

  // Any navigation (the signup succeeded, or the visitor went to log in) ends the modal.
  useEffect(() => {
    state.signupModal = false;
    setInProgress(false);
  }, [location.pathname, state]);

  useEffect(() => {
    if (!user && new URLSearchParams(location.search).get('signup') === '1') state.signupModal = true;
  }, [location.search, user, state]);

  // After the navigation effect above: a dialog the wake script opened is the app's open signup modal now.
  useEffect(() => {
    if (!early) return;
    state.signupModal = true;
    setEarly(false);
  }, [early, state]);

  useEffect(() => {
    if ((signupModal || early) && !user && page.state === 'idle' && !page.data) page.load('/api/signup.php');
  }, [signupModal, early, user, page]);

  // docs/product.md §4 redirectedToLogin: the e-mail already has an account, so the visitor is sent to log in
  // with it filled in; the navigation closes the modal (the login page says why).
  const navigate = useNavigate();
  const existing = submit.data?.login ? (submit.data.values.email ?? '') : null;
  useEffect(() => {
    if (existing === null) return;
    state.signupModal = false;
    setInProgress(false);
    navigate(`/login?${new URLSearchParams({ email: existing, exists: '1' }).toString()}`);
  }, [existing, submit.data, navigate, state]);

  const dismissible = !inProgress && submit.state === 'idle';
  // The signup page is the form itself: no second one (ids, and a sleeping dialog) on it.
  if (/^\/signup\/?$/i.test(location.pathname)) return null;
  const data = page.data ?? (root && !user ? firstStepData(root.shell, root.locale) : null);
  return (
    <Modal open={(signupModal || early) && !user && !entryWarningOpen} onClose={close} dismissible={dismissible} labelledBy="signup-title" early="signup" onOpenedEarly={() => setEarly(true)}>
      <Body data-testid="signup-modal">
        {dismissible ? (
          <Close type="button" onClick={close} aria-label={intl.formatMessage({ id: 'modal.close', defaultMessage: 'Close' })}>
            ×
          </Close>
        ) : null}
        {data ? (
          <SignupForm
            data={data}
            stepByStep
            firstStepOnly={!page.data}
            titleAs="h2"
            result={submit.data}
            submitting={submit.state !== 'idle'}
            FormComponent={submit.Form}
            action={action}
            onProgress={() => setInProgress(true)}
            onLoginClick={close}
          />
        ) : (
          <p aria-busy="true">…</p>
        )}
      </Body>
    </Modal>
  );
}
