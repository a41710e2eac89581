import { useState } from 'react';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  useGetList,
  useRecordContext,
  type AutocompleteArrayInputProps,
  type AutocompleteInputProps,
} from 'react-admin';
import type { ApiRecord } from './types';

type MemberChoice = { id: string; fullName: string; email?: string | null };

/** How many members the search offers at a time: a name narrows it. */
const OFFERED = 20;

const memberLabel = (member: MemberChoice) => (member.email ? `${member.fullName} (${member.email})` : member.fullName);
const matchAll = () => true;

function uniqueChoices(choices: Array<MemberChoice | null | undefined>): MemberChoice[] {
  const seen = new Set<string>();
  return choices.filter((c): c is MemberChoice => !!c && !seen.has(c.id) && !!seen.add(c.id));
}

type MemberInputProps = Omit<AutocompleteInputProps, 'choices' | 'source'> & {
  source: string;
  /** The record's field holding the chosen member's name (the API gives no member by id). */
  nameSource: string;
  /** GetMemberQuery filters narrowing whom the search offers, e.g. { departmentId }. */
  memberFilter?: Record<string, unknown>;
};

/**
 * A church member chosen by name from GetMemberQuery, searched on the server as one types.
 * The member already chosen is shown by the name the record keeps beside the id.
 */
export function MemberInput({ source, nameSource, memberFilter, ...rest }: MemberInputProps) {
  const record = useRecordContext<ApiRecord>();
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<MemberChoice | null>(null);
  const { data = [], isPending } = useGetList<MemberChoice>('members', {
    pagination: { page: 1, perPage: OFFERED },
    sort: { field: 'id', order: 'ASC' },
    filter: { ...memberFilter, q: search },
  });
  const saved = record?.[source] ? { id: String(record[source]), fullName: String(record[nameSource] ?? '') } : null;
  return (
    <AutocompleteInput
      source={source}
      choices={uniqueChoices([picked, saved, ...data])}
      optionText={memberLabel}
      setFilter={setSearch}
      // The server has searched names, email and phone: keep every answer it gives.
      matchSuggestion={matchAll}
      isPending={isPending}
      onChange={(_value, chosen) => setPicked((chosen as MemberChoice | undefined) ?? null)}
      {...rest}
    />
  );
}

type MembersInputProps = Omit<AutocompleteArrayInputProps, 'choices' | 'source'> & {
  source: string;
  /** The record's field listing the chosen members as {id, fullName}. */
  namesSource: string;
};

/** Several church members chosen by name (an outreach's team), searched on the server as one types. */
export function MembersInput({ source, namesSource, ...rest }: MembersInputProps) {
  const record = useRecordContext<ApiRecord>();
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<MemberChoice[]>([]);
  const { data = [], isPending } = useGetList<MemberChoice>('members', {
    pagination: { page: 1, perPage: OFFERED },
    sort: { field: 'id', order: 'ASC' },
    filter: { q: search },
  });
  const saved = (record?.[namesSource] ?? []) as MemberChoice[];
  return (
    <AutocompleteArrayInput
      source={source}
      choices={uniqueChoices([...picked, ...saved, ...data])}
      optionText={memberLabel}
      setFilter={setSearch}
      matchSuggestion={matchAll}
      isPending={isPending}
      onChange={(_value, chosen) => setPicked((chosen as MemberChoice[] | undefined) ?? [])}
      {...rest}
    />
  );
}
