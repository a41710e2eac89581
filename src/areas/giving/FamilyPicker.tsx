import { useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { Autocomplete, TextField } from '@mui/material';
import type { HouseholdSummary } from '@/domain/households/schemas';
import { tp } from './pledgeText';

/** A family as the picker offers it. */
export type FamilyChoice = { id: string; name: string };

/** A family searched on the server by name as one types (the families list's search). */
export function FamilyPicker({ value, onChange }: { value: FamilyChoice | null; onChange: (family: FamilyChoice | null) => void }) {
  const translate = useTranslate();
  const [search, setSearch] = useState('');
  const { data = [], isPending } = useGetList<HouseholdSummary>('households', {
    pagination: { page: 1, perPage: 20 },
    filter: { q: search },
  });
  return (
    <Autocomplete
      options={data.map((h) => ({ id: h.id, name: h.name }))}
      value={value}
      loading={isPending}
      getOptionLabel={(f) => f.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(all) => all}
      onInputChange={(_event, text, reason) => reason === 'input' && setSearch(text)}
      onChange={(_event, family) => onChange(family)}
      renderInput={(params) => (
        <TextField {...params} required label={translate(tp('family_label'))} helperText={translate(tp('family_help'))} />
      )}
    />
  );
}
