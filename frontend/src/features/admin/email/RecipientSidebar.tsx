import { capitalise } from '../format';
import { ALL_ROLES, EMAIL_TEXT, previewOf, rolesOf } from './compose';
import type { Recipient } from './types';

export interface RecipientFilters {
  search: string;
  role: string;
  individual: boolean;
}

const nameOf = (recipient: Recipient): string => recipient.fullName || recipient.email || recipient._id;

/**
 * The recipient sidebar (spec §2 Bulk Email): search, role filter, the individual-selection toggle,
 * the list with its count, and a preview of the first 5 chosen with '+ N more recipients'.
 */
export function RecipientSidebar({
  users,
  shown,
  chosen,
  ticked,
  filters,
  disabled,
  onFilters,
  onTick,
}: {
  users: Recipient[];
  shown: Recipient[];
  chosen: Recipient[];
  ticked: ReadonlySet<string>;
  filters: RecipientFilters;
  disabled: boolean;
  onFilters: (filters: RecipientFilters) => void;
  onTick: (id: string) => void;
}) {
  const { shown: preview, more } = previewOf(chosen);
  return (
    <aside className="email-recipients" aria-labelledby="email-recipients-title">
      <h3 id="email-recipients-title">Recipients</h3>
      <input
        type="search"
        className="admin-input"
        placeholder="Search recipients"
        aria-label="Search recipients"
        value={filters.search}
        onChange={(event) => onFilters({ ...filters, search: event.target.value })}
      />
      <select className="admin-input" aria-label="Filter recipients by role" value={filters.role} onChange={(event) => onFilters({ ...filters, role: event.target.value })}>
        <option value={ALL_ROLES}>All Roles</option>
        {rolesOf(users).map((role) => (
          <option key={role} value={role}>
            {capitalise(role)}
          </option>
        ))}
      </select>
      <label className="email-check">
        <input type="checkbox" checked={filters.individual} disabled={disabled} onChange={(event) => onFilters({ ...filters, individual: event.target.checked })} />
        Select individual recipients
      </label>

      <p className="email-recipients__count" aria-live="polite">
        {chosen.length} {chosen.length === 1 ? 'recipient' : 'recipients'} selected
      </p>
      {preview.length > 0 && (
        <ul className="email-recipients__preview" aria-label="Selected recipients">
          {preview.map((recipient) => (
            <li key={recipient._id}>{nameOf(recipient)}</li>
          ))}
          {more > 0 && <li className="email-recipients__more">{EMAIL_TEXT.moreRecipients(more)}</li>}
        </ul>
      )}

      <h4 className="email-recipients__list-title">Recipient list ({shown.length})</h4>
      {shown.length === 0 ? (
        <p className="admin-empty">{EMAIL_TEXT.noRecipients}</p>
      ) : (
        // The list scrolls and, without individual selection, holds nothing focusable: it takes focus itself.
        <ul className="email-recipients__list" aria-label="Recipient list" tabIndex={0}>
          {shown.map((recipient) => (
            <li key={recipient._id}>
              {filters.individual ? (
                <label className="email-check">
                  <input type="checkbox" checked={ticked.has(recipient._id)} disabled={disabled} onChange={() => onTick(recipient._id)} />
                  <span>
                    {nameOf(recipient)} <small>{recipient.email}</small>
                  </span>
                </label>
              ) : (
                <span>
                  {nameOf(recipient)} <small>{recipient.email}</small>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}
