// Form building blocks: the card and backdrop of a small form page, alerts, the outcome note, and the
// labelled fields (each one FieldRow of field-row.tsx: label, control, hint, error).
import { useEffect, useRef, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import styled from 'styled-components';
import { isServerFailure, ServerFailureText } from './action-failure';
import { FieldRow } from './field-row';

export { CheckField, CheckList, CheckRow, ErrorText } from './field-row';

export const Card = styled.section`
  width: min(100%, 460px);
  margin: ${({ theme }) => theme.space(8)} auto;
  padding: ${({ theme }) => theme.space(6)};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.background};
  box-shadow: ${({ theme }) => theme.shadows.raised};

  h1 {
    font-size: ${({ theme }) => theme.fontSizes.xxl};
  }

  form {
    display: grid;
    gap: ${({ theme }) => theme.space(4)};
  }
`;

export const PageBackdrop = styled.div`
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
  background: linear-gradient(160deg, ${({ theme }) => theme.colors.secondary} 0%, ${({ theme }) => theme.colors.background} 70%);
`;

export const Alert = styled.div<{ $tone?: 'danger' | 'info' | 'success' }>`
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)}`};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ $tone = 'danger', theme }) => ($tone === 'danger' ? theme.colors.dangerSurface : $tone === 'success' ? theme.colors.successSurface : theme.colors.secondary)};
  color: ${({ $tone = 'danger', theme }) => ($tone === 'danger' ? theme.colors.danger : $tone === 'success' ? theme.colors.success : theme.colors.text)};
  font-weight: 600;

  a {
    color: inherit;
    font-weight: 700;
  }
`;

export function Field({ id, label, error, hint, ...input }: { id: string; label: ReactNode; error?: string; hint?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FieldRow id={id} label={label} hint={hint} error={error}>
      {(control) => <input {...control} {...input} />}
    </FieldRow>
  );
}

export function TextAreaField({
  id,
  label,
  error,
  hint,
  ...area
}: { id: string; label: ReactNode; error?: string; hint?: ReactNode } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FieldRow id={id} label={label} hint={hint} error={error}>
      {(control) => <textarea {...control} {...area} />}
    </FieldRow>
  );
}

export function SelectField({
  id,
  label,
  error,
  hint,
  children,
  ...select
}: { id: string; label: ReactNode; error?: string; hint?: ReactNode; children: ReactNode } & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <FieldRow id={id} label={label} hint={hint} error={error}>
      {(control) => (
        <select {...control} {...select}>
          {children}
        </select>
      )}
    </FieldRow>
  );
}

/** The outcome of one of several forms on a page: shown above the form that was sent. */
export function FormNote({ result, form }: { result: { form: string; ok: boolean; message: string | null } | undefined; form: string }) {
  const shown = Boolean(result && result.form === form && (result.message || isServerFailure(result)));
  const ref = useRef<HTMLDivElement>(null);
  // The note sits above the form and the member pressed a button below it: bring it into view.
  useEffect(() => {
    if (shown) ref.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [shown, result]);
  if (!result || !shown) return null;
  return (
    <Alert ref={ref} $tone={result.ok ? 'success' : 'danger'} role={result.ok ? 'status' : 'alert'}>
      {isServerFailure(result) ? <ServerFailureText /> : result.message}
    </Alert>
  );
}
