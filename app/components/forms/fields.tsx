// Form building blocks: labelled fields with their error text, tied together for screen readers.
import { useEffect, useRef, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import styled from 'styled-components';
import { isServerFailure, ServerFailureText } from './action-failure';

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

const FieldBox = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};

  label {
    font-weight: 600;
  }

  input,
  select,
  textarea {
    width: 100%;
    min-height: 46px;
    padding: 0 ${({ theme }) => theme.space(3)};
    border: 2px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
  }

  textarea {
    min-height: 96px;
    padding: ${({ theme }) => theme.space(3)};
  }

  input:focus,
  select:focus,
  textarea:focus {
    border-color: ${({ theme }) => theme.colors.primary};
    outline: none;
  }

  input[aria-invalid='true'],
  select[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
  }
`;

export const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSizes.sm};
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

export function Field({
  id,
  label,
  error,
  hint,
  ...input
}: { id: string; label: ReactNode; error?: string; hint?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FieldBox>
      <label htmlFor={id}>{label}</label>
      <input id={id} name={id} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...input} />
      {hint}
      {error ? <ErrorText id={`${id}-error`}>{error}</ErrorText> : null}
    </FieldBox>
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
    <FieldBox>
      <label htmlFor={id}>{label}</label>
      <textarea id={id} name={id} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...area} />
      {hint}
      {error ? <ErrorText id={`${id}-error`}>{error}</ErrorText> : null}
    </FieldBox>
  );
}

export function SelectField({
  id,
  label,
  error,
  children,
  ...select
}: { id: string; label: ReactNode; error?: string; children: ReactNode } & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <FieldBox>
      <label htmlFor={id}>{label}</label>
      <select id={id} name={id} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...select}>
        {children}
      </select>
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
    width: 20px;
    height: 20px;
    margin-top: 2px;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
`;

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
