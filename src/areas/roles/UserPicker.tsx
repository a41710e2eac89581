import { useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { Autocomplete, TextField } from '@mui/material';

export type PickedUser = { id: string; fullName: string; email: string };

/** How many users the search offers at a time: a name narrows it. */
const OFFERED = 20;

const userLabel = (user: PickedUser) => `${user.fullName} (${user.email})`;

/** Any user (GetAllUsers: members, first-timers, administrators), searched on the server as one types. */
export function UserPicker({ value, onChange }: { value: PickedUser | null; onChange: (user: PickedUser | null) => void }) {
  const translate = useTranslate();
  const [search, setSearch] = useState('');
  const { data = [], isPending } = useGetList<PickedUser>('users', {
    pagination: { page: 1, perPage: OFFERED },
    sort: { field: 'id', order: 'ASC' },
    filter: { q: search },
  });
  return (
    <Autocomplete
      sx={{ maxWidth: 480, mb: 2 }}
      // The chosen user stays an option while the search offers others (MUI warns otherwise).
      options={value && !data.some((user) => user.id === value.id) ? [value, ...data] : data}
      value={value}
      loading={isPending}
      getOptionLabel={userLabel}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      // The server has searched names, email and phone: keep every answer it gives.
      filterOptions={(options) => options}
      onInputChange={(_event, text, reason) => reason === 'input' && setSearch(text)}
      onChange={(_event, user) => onChange(user)}
      renderInput={(params) => <TextField {...params} label={translate('flock.people.grants.user')} />}
    />
  );
}
