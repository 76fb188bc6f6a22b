// A section of a settings page (/notifications, /profile): its heading, and the form it holds — the
// hidden intent that tells the action which form was sent, the outcome note above the fields, the
// field rows and the submit button (issue 27, docs/decisions/0033).
import { Form, type FormProps } from '@remix-run/react';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '../app/buttons';
import { FormNote } from './fields';

const Section = styled.section<{ $ruled: boolean }>`
  ${({ $ruled, theme }) => ($ruled ? `margin-top: ${theme.space(8)}; padding-top: ${theme.space(6)}; border-top: 1px solid ${theme.colors.border};` : '')}
`;

export function SettingsSection({ id, title, ruled = true, children }: { id: string; title: ReactNode; ruled?: boolean; children: ReactNode }) {
  return (
    <Section aria-labelledby={id} $ruled={ruled}>
      <h2 id={id}>{title}</h2>
      {children}
    </Section>
  );
}

export const SettingsFields = styled(Form)`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  max-width: 560px;

  button[type='submit'] {
    justify-self: start;
  }
`;

type Outcome = { form: string; ok: boolean; message: string | null } | undefined;

/** The form of a settings section; `result` is the page's action data, shown when it answers `intent`. */
export function SettingsForm({
  intent,
  result,
  submit,
  variant,
  children,
  ...form
}: {
  intent: string;
  result: Outcome;
  submit: ReactNode;
  variant?: 'ghost';
  children: ReactNode;
} & Omit<FormProps, 'children'>) {
  return (
    <SettingsFields method="post" {...form}>
      <input type="hidden" name="intent" value={intent} />
      <FormNote result={result} form={intent} />
      {children}
      <Button type="submit" $variant={variant}>
        {submit}
      </Button>
    </SettingsFields>
  );
}
