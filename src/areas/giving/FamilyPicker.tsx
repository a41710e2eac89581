import { useState } from 'react';
import { AutocompleteInput, useGetList, useTranslate } from 'react-admin';
import { Autocomplete, TextField } from '@mui/material';
import type { HouseholdSummary } from '@/domain/households/schemas';
import { tp } from './pledgeText';

/** A family as the picker offers it. */
export type FamilyChoice = { id: string; name: string };

/** The families whose name holds what was typed, as the families list's search finds them. */
function useFamilies(search: string) {
  const { data = [], isPending } = useGetList<HouseholdSummary>('households', {
    pagination: { page: 1, perPage: 20 },
    filter: { q: search },
  });
  return { families: data.map((h): FamilyChoice => ({ id: h.id, name: h.name })), isPending };
}

/**
 * A family searched on the server by name as one types (the families list's search): a pledge's
 * giver, or a gift's given in the family's name (docs/decisions/0244-family-giver.md).
 */
export function FamilyPicker({
  value,
  onChange,
  inputRef,
}: {
  value: FamilyChoice | null;
  onChange: (family: FamilyChoice | null) => void;
  inputRef?: React.Ref<HTMLInputElement>;
}) {
  const translate = useTranslate();
  const [search, setSearch] = useState('');
  const { families, isPending } = useFamilies(search);
  return (
    <Autocomplete
      options={families}
      value={value}
      loading={isPending}
      getOptionLabel={(f) => f.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(all) => all}
      onInputChange={(_event, text, reason) => reason === 'input' && setSearch(text)}
      onChange={(_event, family) => onChange(family)}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={inputRef}
          required
          label={translate(tp('family_label'))}
          helperText={translate(tp('family_help'))}
        />
      )}
    />
  );
}

/** A list's filter by family (the contributions' HouseholdId, docs/decisions/0244), the family searched by name. */
export function FamilyFilter({ source }: { source: string; alwaysOn?: boolean }) {
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<FamilyChoice | null>(null);
  const { families, isPending } = useFamilies(search);
  return (
    <AutocompleteInput
      source={source}
      choices={picked && !families.some((f) => f.id === picked.id) ? [picked, ...families] : families}
      optionText="name"
      setFilter={setSearch}
      // The server has searched the names: keep every answer it gives.
      matchSuggestion={() => true}
      isPending={isPending}
      onChange={(_value, chosen) => setPicked((chosen as FamilyChoice | undefined) ?? null)}
    />
  );
}
