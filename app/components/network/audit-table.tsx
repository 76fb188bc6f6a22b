// The console's audit log (docs/network-console.md, docs/decisions/0051): filters by staff member
// and action (a GET form, so every filtered view has its address), the CSV of what is shown, the
// entries newest first, and the pages. Works without script.
import { Form } from '@remix-run/react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { ButtonLink, Table, TableBox } from './admin-parts';
import { Field, PrimaryButton } from './parts';
import { When } from './staff-table';

export interface AuditRow {
  id: number;
  at: string;
  staff_email: string | null;
  action: string;
  detail: Record<string, unknown> | null;
  ip: string | null;
}

export interface AuditFilter {
  staffId?: number;
  action?: string;
  page: number;
}

/** The query string of a filtered view's page (empty for the whole log's first page). */
export function auditSearch(filter: AuditFilter, page = filter.page): string {
  const search = new URLSearchParams();
  if (filter.staffId !== undefined) search.set('staff', String(filter.staffId));
  if (filter.action) search.set('action', filter.action);
  if (page > 1) search.set('page', String(page));
  return search.toString();
}

const Filters = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(3)};
  align-items: end;

  @media (min-width: ${({ theme }) => theme.breakpoints.md}px) {
    grid-template-columns: minmax(0, 2fr) minmax(0, 1fr) auto auto;
  }
  button {
    align-self: end;
  }
`;

export function AuditFilters({ filter, staff, actions }: { filter: AuditFilter; staff: readonly { id: number; name: string; email: string }[]; actions: readonly string[] }) {
  const base = auditSearch({ ...filter, page: 1 });
  const csv = `/api/network/audit.php?${base}${base ? '&' : ''}format=csv`;
  return (
    <Form method="get" action="/audit">
      <Filters>
        <Field>
          <FormattedMessage id="network.audit.staff" defaultMessage="Staff member" />
          <select name="staff" defaultValue={filter.staffId === undefined ? '' : String(filter.staffId)}>
            <FormattedMessage id="network.audit.anyone" defaultMessage="Everyone">
              {(text) => <option value="">{text}</option>}
            </FormattedMessage>
            {staff.map((member) => (
              <option key={member.id} value={member.id}>
                {member.name} ({member.email})
              </option>
            ))}
          </select>
        </Field>
        <Field>
          <FormattedMessage id="network.audit.action" defaultMessage="Action" />
          <select name="action" defaultValue={filter.action ?? ''}>
            <FormattedMessage id="network.audit.anyAction" defaultMessage="All actions">
              {(text) => <option value="">{text}</option>}
            </FormattedMessage>
            {actions.map((action) => (
              <option key={action} value={action}>
                {action}
              </option>
            ))}
          </select>
        </Field>
        <PrimaryButton type="submit">
          <FormattedMessage id="network.range.apply" defaultMessage="Show" />
        </PrimaryButton>
        <ButtonLink href={csv} download>
          <FormattedMessage id="network.csv" defaultMessage="Download CSV" />
        </ButtonLink>
      </Filters>
    </Form>
  );
}

const Detail = styled.td`
  min-width: 220px;
  overflow-wrap: anywhere;

  span {
    display: block;
  }
`;

const Nowrap = styled.td`
  white-space: nowrap;
`;

export function AuditTable({ entries }: { entries: readonly AuditRow[] }) {
  const intl = useIntl();
  return (
    <TableBox label={intl.formatMessage({ id: 'network.audit.title', defaultMessage: 'Audit log' })}>
      <Table>
        <thead>
          <tr>
            <th scope="col">
              <FormattedMessage id="network.audit.col.when" defaultMessage="When" />
            </th>
            <th scope="col">
              <FormattedMessage id="network.audit.col.who" defaultMessage="Who" />
            </th>
            <th scope="col">
              <FormattedMessage id="network.audit.col.what" defaultMessage="What" />
            </th>
            <th scope="col">
              <FormattedMessage id="network.audit.col.from" defaultMessage="From address" />
            </th>
            <th scope="col">
              <FormattedMessage id="network.audit.col.detail" defaultMessage="Details" />
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} data-action={entry.action}>
              <Nowrap>
                <When iso={entry.at} />
              </Nowrap>
              <td>{entry.staff_email ?? '–'}</td>
              <Nowrap>{entry.action}</Nowrap>
              <Nowrap>{entry.ip ?? '–'}</Nowrap>
              <Detail>
                {Object.entries(entry.detail ?? {}).map(([key, value]) => (
                  <span key={key}>
                    {key}: {typeof value === 'string' ? value : JSON.stringify(value)}
                  </span>
                ))}
              </Detail>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableBox>
  );
}

const Pager = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  margin-top: ${({ theme }) => theme.space(3)};
`;

export function AuditPager({ filter, more }: { filter: AuditFilter; more: boolean }) {
  const intl = useIntl();
  return (
    <Pager aria-label={intl.formatMessage({ id: 'network.audit.pages', defaultMessage: 'Pages of the audit log' })}>
      {filter.page > 1 ? (
        <ButtonLink href={`/audit?${auditSearch(filter, filter.page - 1)}`} rel="prev">
          <FormattedMessage id="network.audit.newer" defaultMessage="Newer" />
        </ButtonLink>
      ) : null}
      <span>
        <FormattedMessage id="network.audit.page" defaultMessage="Page {page}" values={{ page: filter.page }} />
      </span>
      {more ? (
        <ButtonLink href={`/audit?${auditSearch(filter, filter.page + 1)}`} rel="next">
          <FormattedMessage id="network.audit.older" defaultMessage="Older" />
        </ButtonLink>
      ) : null}
    </Pager>
  );
}
