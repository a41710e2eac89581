import { useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { Autocomplete, Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { GENDERS } from '@/domain/common/enums';
import { HOUSEHOLD_ROLES, type HouseholdRole, type NewPerson } from '@/domain/households/schemas';

export const t = (key: string) => `flock.households.${key}`;

/** A person of the member list, as the picker offers them. */
export type PersonChoice = { id: string; fullName: string; email?: string | null; household?: string | null };

/** How many people the search offers at a time: a name narrows it. */
const OFFERED = 20;

/**
 * A person already in Flock, searched on the server (the member list's search) as one types.
 * Someone already in a family says which, so the office knows the server would refuse them.
 */
export function PersonPicker({ onPick, exclude }: { onPick: (person: PersonChoice) => void; exclude: string[] }) {
  const translate = useTranslate();
  const [search, setSearch] = useState('');
  const { data = [], isPending } = useGetList<PersonChoice>('members', {
    pagination: { page: 1, perPage: OFFERED },
    sort: { field: 'id', order: 'ASC' },
    filter: { q: search },
  });
  const options = data.filter((p) => !exclude.includes(p.id));
  return (
    <Autocomplete
      options={options}
      value={null}
      loading={isPending}
      getOptionLabel={(p) => p.fullName}
      renderOption={({ key, ...props }, p) => (
        <li key={key} {...props}>
          <Box>
            <Typography>{p.fullName}</Typography>
            <Typography variant="caption" color="text.secondary">
              {p.household ? translate(t('already_in'), { name: p.household }) : (p.email ?? '')}
            </Typography>
          </Box>
        </li>
      )}
      // The server has searched names, email and phone: keep every answer it gives.
      filterOptions={(all) => all}
      onInputChange={(_event, text, reason) => reason === 'input' && setSearch(text)}
      onChange={(_event, person) => person && onPick(person)}
      renderInput={(params) => <TextField {...params} label={translate(t('pick_person'))} helperText={translate(t('pick_person_help'))} />}
    />
  );
}

/** A member's role: head, spouse, child or other. */
export function RoleSelect({
  id,
  value,
  onChange,
  name,
}: {
  id: string;
  value: HouseholdRole;
  onChange: (r: HouseholdRole) => void;
  name: string;
}) {
  const translate = useTranslate();
  return (
    <TextField
      id={id}
      select

      sx={{ minWidth: 130 }}
      label={translate(t('role_of'), { name })}
      value={value}
      onChange={(e) => onChange(e.target.value as HouseholdRole)}
    >
      {HOUSEHOLD_ROLES.map((role) => (
        <MenuItem key={role} value={role} sx={{ minHeight: 44 }}>
          {translate(t(`roles.${role}`))}
        </MenuItem>
      ))}
    </TextField>
  );
}

const EMPTY: NewPerson = { firstName: '', surName: '', gender: 'Male', dateOfBirth: null, mobile1: null };

/** A new person by name, gender, birth date and phone: created with the family, in the same save. */
export function NewPersonFields({ onAdd }: { onAdd: (person: NewPerson) => void }) {
  const translate = useTranslate();
  const [person, setPerson] = useState<NewPerson>(EMPTY);
  const set = (field: keyof NewPerson) => (e: { target: { value: string } }) => setPerson({ ...person, [field]: e.target.value || null });
  const ready = !!person.firstName?.trim() && !!person.surName?.trim();
  return (
    <Stack spacing={1.5} role="group" aria-label={translate(t('new_person'))}>
      <Typography variant="subtitle2">{translate(t('new_person'))}</Typography>
      <TextField
        id="new-first-name"

        label={translate(t('first_name'))}
        value={person.firstName ?? ''}
        onChange={set('firstName')}
      />
      <TextField id="new-sur-name" label={translate(t('sur_name'))} value={person.surName ?? ''} onChange={set('surName')} />
      <TextField id="new-gender" select label={translate(t('gender'))} value={person.gender} onChange={set('gender')}>
        {GENDERS.map((g) => (
          <MenuItem key={g} value={g} sx={{ minHeight: 44 }}>
            {translate(t(`genders.${g}`))}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        id="new-dob"

        type="date"
        label={translate(t('date_of_birth'))}
        value={person.dateOfBirth ?? ''}
        onChange={set('dateOfBirth')}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        id="new-phone"

        type="tel"
        label={translate(t('phone'))}
        value={person.mobile1 ?? ''}
        onChange={set('mobile1')}
      />
      <Box>
        <Button
          startIcon={<PersonAddIcon />}
          disabled={!ready}
          sx={{ minHeight: 44 }}
          onClick={() => {
            onAdd({ ...person, firstName: person.firstName.trim(), surName: person.surName.trim() });
            setPerson({ ...EMPTY, surName: person.surName });
          }}
        >
          {translate(t('add_new_person'))}
        </Button>
      </Box>
    </Stack>
  );
}
