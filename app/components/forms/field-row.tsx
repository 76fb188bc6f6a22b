// One field row of a form: its label, its control, a hint and the error, tied together for screen
// readers (the control names the hint and the error in aria-describedby). Every labelled field of the
// site is drawn by it (Field, TextAreaField, SelectField in fields.tsx; the settings forms
// /notifications and /profile, signup, login, complaints …), and every checkbox with its text by
// CheckField (issue 27, docs/decisions/0033).
import type { InputHTMLAttributes, ReactNode } from 'react';
import styled, { css } from 'styled-components';

/** How a text box or a select looks, in a field row or on its own in a toolbar (height set by the user). */
export const controlLook = css`
  padding: 0 ${({ theme }) => theme.space(3)};
  border: 2px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;

  &:focus {
    border-color: ${({ theme }) => theme.colors.primary};
    outline: none;
  }

  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
  }
`;

const FieldBox = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};

  label {
    font-weight: 600;
  }

  input,
  select,
  textarea {
    ${controlLook}
    width: 100%;
    min-height: 46px;
  }

  textarea {
    min-height: 96px;
    padding: ${({ theme }) => theme.space(3)};
    resize: vertical;
  }
`;

export const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Hint = styled.div`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** What the row hands its control: the name, and the hint and error it is described by. */
export interface ControlProps {
  id: string;
  name: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** The ids of the hint and the error a control is described by (undefined when it has neither). */
export function describedBy(id: string, { hint, error }: { hint?: ReactNode; error?: string }): ControlProps['aria-describedby'] {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

export function FieldRow({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  return (
    <FieldBox>
      <label htmlFor={id}>{label}</label>
      {children({ id, name: id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy(id, { hint, error }) })}
      {hint ? <Hint id={`${id}-hint`}>{hint}</Hint> : null}
      {error ? <ErrorText id={`${id}-error`}>{error}</ErrorText> : null}
    </FieldBox>
  );
}

export const CheckRow = styled.label`
  display: flex;
  gap: ${({ theme }) => theme.space(3)};
  align-items: flex-start;
  font-size: ${({ theme }) => theme.fontSizes.sm};

  input {
    /* A long text beside it must not squeeze the box. */
    flex: none;
    width: 20px;
    height: 20px;
    margin: 2px 0 0;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
`;

/** A checkbox with its text, and the error under it when there is one (the error named by the box). */
export function CheckField({
  name,
  label,
  error,
  ...input
}: { name: string; label: ReactNode; error?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'name'>) {
  return (
    <>
      <CheckRow>
        <input type="checkbox" name={name} aria-invalid={error ? true : undefined} aria-describedby={error ? `${name}-error` : undefined} {...input} />
        <span>{label}</span>
      </CheckRow>
      {error ? <ErrorText id={`${name}-error`}>{error}</ErrorText> : null}
    </>
  );
}

/** A group of checkboxes (with a legend when the section heading does not already name it). */
export const CheckList = styled.fieldset<{ $columns?: boolean }>`
  display: grid;
  grid-template-columns: ${({ $columns }) => ($columns ? 'repeat(auto-fill, minmax(150px, 1fr))' : '1fr')};
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;

  legend {
    margin-bottom: ${({ theme }) => theme.space(2)};
    padding: 0;
    font-weight: 600;
  }
`;
