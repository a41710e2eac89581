import { useState } from 'react';
import { useDataProvider, useTranslate, type HttpError } from 'react-admin';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import type { Household, HouseholdRole, MemberInput, NewPerson } from '@/domain/households/schemas';
import { usePhone } from '@/src/common/RecordCards';
import type { FlockDataProvider } from '@/src/dataProvider';
import { NewPersonFields, PersonPicker, RoleSelect, t, type PersonChoice } from './memberInputs';

/** A person of the form: chosen from Flock, or new; `name` is what the form shows. */
type Chosen = { name: string } & ({ userId: string } | { person: NewPerson });
type Draft = Chosen & { key: string; role: HouseholdRole };

/** The role a person added next most often has: the first is the head, the second the spouse, the rest children. */
const nextRole = (count: number): HouseholdRole => (['head', 'spouse'] as const)[count] ?? 'child';

const asInput = (draft: Draft): MemberInput =>
  'userId' in draft ? { userId: draft.userId, role: draft.role } : { person: draft.person, role: draft.role };

/**
 * 'Add a family' in one form (docs/decisions/0213-households.md): the family's name, its shared
 * address and its people, each chosen from Flock or added by name (created in the same save),
 * each with a role. One save; the server refuses it whole, and says why, if a person is already
 * in a family.
 */
export function FamilyForm({ onClose, onSaved }: { onClose: () => void; onSaved: (household: Household) => void }) {
  const translate = useTranslate();
  const api = useDataProvider<FlockDataProvider>();
  const [name, setName] = useState('');
  const [address, setAddress] = useState('');
  const [people, setPeople] = useState<Draft[]>([]);
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  const add = (chosen: Chosen) => setPeople((all) => [...all, { ...chosen, key: crypto.randomUUID(), role: nextRole(all.length) }]);
  const pick = (p: PersonChoice) => add({ userId: p.id, name: p.fullName });
  const addNew = (person: NewPerson) => add({ person, name: `${person.firstName} ${person.surName}` });
  const setRole = (key: string, role: HouseholdRole) => setPeople((all) => all.map((d) => (d.key === key ? { ...d, role } : d)));
  const drop = (key: string) => setPeople((all) => all.filter((d) => d.key !== key));

  const save = async () => {
    setSaving(true);
    setError(undefined);
    try {
      const { data } = await api.createHousehold<Household>({ name, address: address || null, members: people.map(asInput) });
      onSaved(data);
    } catch (err) {
      setError((err as HttpError).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullScreen={usePhone()} fullWidth maxWidth="sm" aria-labelledby="family-form-title">
      <DialogTitle id="family-form-title">{translate(t('add_title'))}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {error && <Alert severity="error">{error}</Alert>}
          <TextField
            id="household-name"
            label={translate(t('name'))}
            helperText={translate(t('name_help'))}
            required
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <TextField
            id="household-address"
            label={translate(t('address'))}
            helperText={translate(t('address_help'))}
            multiline
            minRows={2}
            value={address}
            onChange={(e) => setAddress(e.target.value)}
          />
          <Typography component="h3" variant="subtitle1">
            {translate(t('people'))}
          </Typography>
          {people.length === 0 ? (
            <Typography color="text.secondary">{translate(t('no_people_yet'))}</Typography>
          ) : (
            <List aria-label={translate(t('people'))} disablePadding>
              {people.map((d) => (
                <ListItem key={d.key} divider disableGutters sx={{ gap: 1, flexWrap: 'wrap' }}>
                  <ListItemText primary={d.name} secondary={'person' in d ? translate(t('new_badge')) : undefined} />
                  <RoleSelect id={`role-${d.key}`} name={d.name} value={d.role} onChange={(role) => setRole(d.key, role)} />
                  <IconButton
                    aria-label={translate(t('take_out'), { name: d.name })}
                    onClick={() => drop(d.key)}
                    sx={{ width: 44, height: 44 }}
                  >
                    <CloseIcon />
                  </IconButton>
                </ListItem>
              ))}
            </List>
          )}
          <PersonPicker onPick={pick} exclude={people.flatMap((d) => ('userId' in d ? [d.userId] : []))} />
          <Divider />
          <NewPersonFields onAdd={addNew} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} sx={{ minHeight: 44 }}>
          {translate('flock.crud.cancel')}
        </Button>
        <Button variant="contained" onClick={save} disabled={saving || !name.trim() || people.length === 0} sx={{ minHeight: 44 }}>
          {translate(t('save_family'))}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
