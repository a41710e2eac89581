import { useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { Autocomplete, TextField } from '@mui/material';

export type Invitee = { id: string; fullName: string | null };

/** How many people the search offers at a time: a name narrows it. */
const OFFERED = 20;

/** People to invite one by one, searched on the server by name or email as one types. */
export function InviteePicker({ value, onChange }: { value: Invitee[]; onChange: (people: Invitee[]) => void }) {
  const translate = useTranslate();
  const [search, setSearch] = useState('');
  const { data = [], isPending } = useGetList<Invitee>('meetingInviteeChoices', {
    pagination: { page: 1, perPage: OFFERED },
    sort: { field: 'id', order: 'ASC' },
    filter: { q: search },
  });
  // The people chosen stay options while the search offers others (MUI warns otherwise).
  const options = [...value, ...data.filter((p) => !value.some((v) => v.id === p.id))];
  return (
    <Autocomplete
      multiple
      options={options}
      value={value}
      loading={isPending}
      getOptionLabel={(p) => p.fullName ?? ''}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      // The server has searched names and email: keep every answer it gives.
      filterOptions={(all) => all}
      filterSelectedOptions
      onInputChange={(_event, text, reason) => reason === 'input' && setSearch(text)}
      onChange={(_event, people) => onChange(people)}
      renderInput={(params) => (
        <TextField
          {...params}
          label={translate('flock.meetings.invite_people')}
          helperText={translate('flock.meetings.invite_people_help')}
        />
      )}
    />
  );
}
