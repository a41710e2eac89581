import { useGetList, useInput, useTranslate } from 'react-admin';
import { Autocomplete, Box, Chip, TextField } from '@mui/material';
import CancelIcon from '@mui/icons-material/Cancel';
import type { MaritalStatus } from '@/domain/common/enums';
import { useRemoveAffinityGroup } from './useRemoveAffinityGroup';

/** Dropdown lists of affinity groups ask for page 1 with 25000 rows. */
const ALL = { page: 1, perPage: 25000 };

type Group = { id: string; affinityGroupName: string };
type Option = { name: string; suggested: boolean };

/** The groups a member of this age and marital status fits (GetAll?Age&MaritalStatus), then the others. */
function useOptions(age: number | undefined, maritalStatus: MaritalStatus | undefined): Option[] {
  const sort = { field: 'affinityGroupName', order: 'ASC' as const };
  const { data: all = [] } = useGetList<Group>('affinityGroups', { pagination: ALL, sort });
  const fits = age !== undefined || maritalStatus !== undefined;
  const { data: fitting = [] } = useGetList<Group>(
    'affinityGroups',
    { pagination: ALL, sort, filter: { age, maritalStatus } },
    { enabled: fits },
  );
  const suggested = new Set(fitting.map((g) => g.affinityGroupName));
  return [
    ...fitting.map((g) => ({ name: g.affinityGroupName, suggested: true })),
    ...all.filter((g) => !suggested.has(g.affinityGroupName)).map((g) => ({ name: g.affinityGroupName, suggested: false })),
  ];
}

type Props = {
  source: string;
  /** The member's age and marital status, to suggest the groups they fit. */
  age?: number;
  maritalStatus?: MaritalStatus;
};

/**
 * A member's affinity groups (a list of names, as the church affiliation keeps them): chips that
 * remove with the 'AffinityGroup Removed' toast, and a search to add one, fitting groups first.
 */
export function AffinityGroupsInput({ source, age, maritalStatus }: Props) {
  const translate = useTranslate();
  const remove = useRemoveAffinityGroup();
  const { field } = useInput<string[]>({ source });
  const value: string[] = field.value ?? [];
  const options = useOptions(age, maritalStatus).filter((o) => !value.includes(o.name));
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        {value.map((name) => (
          <Chip
            key={name}
            label={name}
            onDelete={() => field.onChange(remove(value, name))}
            deleteIcon={<CancelIcon aria-label={translate('flock.affinity_groups.remove', { name })} />}
          />
        ))}
      </Box>
      <Autocomplete
        options={options}
        groupBy={(o) => translate(o.suggested ? 'flock.affinity_groups.suggested' : 'flock.affinity_groups.all_groups')}
        getOptionLabel={(o) => o.name}
        value={null}
        onChange={(_e, chosen) => chosen && field.onChange([...value, chosen.name])}
        renderInput={(params) => <TextField {...params} label={translate('flock.affinity_groups.add')} />}
      />
    </Box>
  );
}
