import { useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { Autocomplete, TextField } from '@mui/material';
import { t } from './givingText';

/** A person of the member list, as the picker offers them. */
export type GiverChoice = { id: string; fullName: string; email?: string | null };

/** How many people the search offers at a time: a name narrows it. */
const OFFERED = 20;

/**
 * The giver of an entry: a person searched on the server as one types (the member list's
 * search), or nobody: an anonymous gift.
 */
export function GiverPicker({
  value,
  onChange,
  inputRef,
  label,
  helperText,
}: {
  value: GiverChoice | null;
  onChange: (giver: GiverChoice | null) => void;
  inputRef?: React.Ref<HTMLInputElement>;
  /** Translated texts where the picker chooses someone else than an entry's giver (matching an online gift). */
  label?: string;
  helperText?: string;
}) {
  const translate = useTranslate();
  const [search, setSearch] = useState('');
  const { data = [], isPending } = useGetList<GiverChoice>('members', {
    pagination: { page: 1, perPage: OFFERED },
    sort: { field: 'id', order: 'ASC' },
    filter: { q: search },
  });
  return (
    <Autocomplete
      options={data}
      value={value}
      loading={isPending}
      getOptionLabel={(p) => (p.email ? `${p.fullName} (${p.email})` : p.fullName)}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      // The server has searched names, email and phone: keep every answer it gives.
      filterOptions={(all) => all}
      onInputChange={(_event, text, reason) => reason === 'input' && setSearch(text)}
      onChange={(_event, person) => onChange(person)}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={inputRef}
          label={label ?? translate(t('giver'))}
          helperText={helperText ?? translate(t('giver_help'))}
        />
      )}
    />
  );
}
