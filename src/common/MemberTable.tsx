import type { ReactElement } from 'react';
import { useTranslate } from 'react-admin';
import { EmptyNote, TableList, type ColumnDef } from '@/src/common/crud';
import { enumColumn } from './enumLabels';

const profilePath = (member: { id: string }) => `/profile/${member.id}`;

/** A member summary's columns; the names open the member's profile. */
export const MEMBER_COLUMNS: ColumnDef[] = [
  { source: 'firstName', sortable: true, link: profilePath },
  { source: 'lastName', sortable: true, link: profilePath },
  { source: 'email' },
  { source: 'phoneNumber' },
  enumColumn('gender', { sortable: true }),
];

/** Member tables sort by default, first name, surname, dob, gender, marital status, employment, state. */
export const MEMBER_SORTS = ['default', 'firstName', 'surName', 'dob', 'gender', 'maritalStatus', 'employment', 'state'];
const DEFAULT_SORT = { field: 'default', order: 'ASC' } as const;

function CihRole({ role }: { role?: string | null }) {
  const translate = useTranslate();
  return <>{role ? translate(`flock.roles.${role}`, { _: role }) : ''}</>;
}

/** A member's CIH role (pastor, coordinator) in words. */
export const CIH_ROLE_COLUMN: ColumnDef = { source: 'cihRole', render: (member) => <CihRole role={member.cihRole} /> };

type Props = {
  /** GetMemberQuery ('members') or a department's members ('departmentMembers'). */
  resource?: 'members' | 'departmentMembers';
  filter: Record<string, unknown>;
  /** Columns after the member summary's own. */
  extraColumns?: ColumnDef[];
  rowActions?: ReactElement;
  /** Actions on a selection of the members (docs/decisions/0222). */
  bulkActions?: ReactElement;
  /** What the table says while the record has no members (an i18n key). */
  emptyText: string;
};

/** Members of a zone, a center or a department, as a page within that record's screen. */
export function MemberTable({ resource = 'members', filter, extraColumns = [], rowActions, bulkActions, emptyText }: Props) {
  return (
    <TableList
      resource={resource}
      columns={[...MEMBER_COLUMNS, ...extraColumns]}
      filter={filter}
      sortFields={MEMBER_SORTS}
      sort={DEFAULT_SORT}
      rowActions={rowActions}
      bulkActions={bulkActions}
      empty={<EmptyNote text={emptyText} />}
      nested
    />
  );
}
