// The Report action on a profile or on a received message (docs/decisions/0029): a disclosure with
// the reason, an optional text and the offer to block; it posts to /api/report.php and shows the
// reference. Blocking here is the same as the profile's Block button.
import { CategoryOptions } from './category-options';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { Button } from '../app/buttons';
import { Alert, SelectField, TextAreaField } from '../forms/fields';

const Disclosure = styled.details`
  summary {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 600;
    cursor: pointer;
  }

  form {
    margin-top: ${({ theme }) => theme.space(2)};
    padding: ${({ theme }) => theme.space(4)};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.background};
  }
`;

const ReportFields = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  text-align: start;

  label.check {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
    min-height: 44px;

    input {
      width: 20px;
      height: 20px;
    }
  }
`;

type State = { kind: 'idle' } | { kind: 'busy' } | { kind: 'done'; reference: string } | { kind: 'error'; message: string };

/**
 * The report itself: reason, optional text, the offer to block, the reference when sent. The profile's
 * Report disclosure and the chat's Report dialog on a received message both show this one form.
 */
export function ReportForm({ profile, name, message, onBlocked, idPrefix = 'report' }: { profile: number; name: string; message?: number; onBlocked?: () => void; idPrefix?: string }) {
  const intl = useIntl();
  const [state, setState] = useState<State>({ kind: 'idle' });
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setState({ kind: 'busy' });
    try {
      const res = await fetch('/api/report.php', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ profile, message: message ?? '', reason: form.get('reason') ?? '', text: form.get('text') ?? '', block: form.get('block') === 'on' }),
      });
      const data = (await res.json()) as { reference?: string; blocked?: boolean; message?: string };
      if (res.ok && data.reference) {
        setState({ kind: 'done', reference: data.reference });
        if (data.blocked) onBlocked?.();
      } else setState({ kind: 'error', message: data.message ?? '' });
    } catch {
      setState({ kind: 'error', message: intl.formatMessage({ id: 'api.error.internal' }) });
    }
  }
  if (state.kind === 'done') {
    return (
      <Alert $tone="success" role="status" data-testid={`${idPrefix}-reference`}>
        <FormattedMessage id="report.done" defaultMessage="Thank you. Your report has reference {reference}; our moderators will look at it." values={{ reference: state.reference }} />
      </Alert>
    );
  }
  return (
    <ReportFields onSubmit={submit} aria-label={intl.formatMessage({ id: 'report.title', defaultMessage: 'Report {name}' }, { name })}>
      {state.kind === 'error' ? (
        <Alert $tone="danger" role="alert">
          {state.message}
        </Alert>
      ) : null}
      <SelectField id={`${idPrefix}-reason`} name="reason" required defaultValue="" label={intl.formatMessage({ id: 'report.reason', defaultMessage: 'Why are you reporting?' })}>
        <CategoryOptions />
      </SelectField>
      <TextAreaField id={`${idPrefix}-text`} name="text" maxLength={2000} rows={3} label={intl.formatMessage({ id: 'report.text', defaultMessage: 'Anything to add? (optional)' })} />
      <label className="check">
        <input type="checkbox" name="block" data-testid={`${idPrefix}-block`} />
        <FormattedMessage id="report.block" defaultMessage="Also block {name}" values={{ name }} />
      </label>
      <div>
        <Button type="submit" $variant="primary" disabled={state.kind === 'busy'} data-testid={`${idPrefix}-submit`}>
          <FormattedMessage id="report.submit" defaultMessage="Send the report" />
        </Button>
      </div>
    </ReportFields>
  );
}

/** The profile's Report action: a disclosure with the report form. */
export function ReportAction(props: { profile: number; name: string; message?: number; onBlocked?: () => void; idPrefix?: string }) {
  return (
    <Disclosure data-testid={`${props.idPrefix ?? 'report'}-action`}>
      <summary>
        <FormattedMessage id="report.button" defaultMessage="Report" />
      </summary>
      <ReportForm {...props} />
    </Disclosure>
  );
}
