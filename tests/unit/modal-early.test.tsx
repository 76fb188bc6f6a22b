// @vitest-environment jsdom
// A dialog the wake script opens while the app hydrates (a tap on a call to action between the
// owner's first render and the dialog's first effect, docs/decisions/0042): the app takes it over
// instead of closing it under the visitor's finger.
import { act, useLayoutEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { ThemeProvider } from 'styled-components';
import { beforeAll, describe, expect, it } from 'vitest';
import { Modal } from '~/components/modals/modal';
import { installBrowserShims } from '../support/jsdom-shell';
import { buildTheme } from '../../themes';

beforeAll(installBrowserShims);

/** Opens the early dialog after render, before passive effects run: where the wake script's tap lands. */
function TapDuringHydration() {
  useLayoutEffect(() => {
    document.querySelector<HTMLDialogElement>('dialog[data-early="signup"]')!.showModal();
  }, []);
  return null;
}

function Page({ adopt }: { adopt: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <ThemeProvider theme={buildTheme(1)}>
      <Modal open={open} onClose={() => setOpen(false)} labelledBy="title" early="signup" {...(adopt ? { onOpenedEarly: () => setOpen(true) } : {})}>
        <h2 id="title">Sign up</h2>
        <p data-testid="owner-open">{String(open)}</p>
      </Modal>
      <TapDuringHydration />
    </ThemeProvider>
  );
}

async function render(adopt: boolean) {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => root.render(<Page adopt={adopt} />));
  const dialog = container.querySelector('dialog')!;
  const state = { open: dialog.open, owner: container.querySelector('[data-testid="owner-open"]')!.textContent };
  act(() => root.unmount());
  container.remove();
  return state;
}

describe('a dialog opened early while the app hydrates', () => {
  it('stays open and becomes the owner\'s open dialog', async () => {
    expect(await render(true)).toEqual({ open: true, owner: 'true' });
  });

  it('is closed by an owner that does not take dialogs over (the behaviour before)', async () => {
    expect((await render(false)).open).toBe(false);
  });
});
