// A language change (docs/product.md §7): a logged-in member's choice is saved with PUT /api/user.php
// { language } before the usual post to /lang-config sets the cookie and reloads the page in it.
import type { FormEvent } from 'react';
import { useAppState, type AppState } from './app-state';
import { apiRequest, jsonBody } from './api-client';
import { apiOptionsFor } from './user-sync';

export async function saveLanguage(state: AppState, language: string, options: { fetch?: typeof fetch } = {}): Promise<boolean> {
  try {
    const response = await apiRequest('/api/user.php', { method: 'PUT', ...jsonBody({ language }) }, apiOptionsFor(state, options));
    return response.ok;
  } catch {
    return false;
  }
}

/** onSubmit for a form whose submit buttons are name="locale" value="<code>" (menu, /lang-config). */
export function useLanguageChoice() {
  const state = useAppState();
  return (event: FormEvent<HTMLFormElement>) => {
    if (!state.user) return;
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const language = submitter?.name === 'locale' ? submitter.value : '';
    if (!language) return;
    event.preventDefault();
    const form = event.currentTarget;
    void saveLanguage(state, language).finally(() => {
      // The plain post carries the choice in a field, as the pressed button would have.
      const field = document.createElement('input');
      field.type = 'hidden';
      field.name = 'locale';
      field.value = language;
      form.append(field);
      form.submit();
    });
  };
}
