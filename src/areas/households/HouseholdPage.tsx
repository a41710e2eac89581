import { useState } from 'react';
import { Confirm, useDataProvider, useNotify, useTranslate, type HttpError } from 'react-admin';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Divider,
  IconButton,
  LinearProgress,
  Link,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useQuery } from '@tanstack/react-query';
import type { Household, HouseholdMember, MemberInput } from '@/domain/households/schemas';
import { useAllows } from '@/src/authProvider/useAllows';
import { PageHeader } from '@/src/common/crud';
import type { FlockDataProvider } from '@/src/dataProvider';
import { NewPersonFields, PersonPicker, RoleSelect, t } from './memberInputs';

/** A member's line: their name (a link to a person's profile), their role, and what the office may change. */
function MemberLine({ member, edit }: { member: HouseholdMember; edit?: (change: 'role' | 'remove', value?: string) => void }) {
  const translate = useTranslate();
  const name = member.userId ? (
    <Link component={RouterLink} to={`/profile/${member.userId}`}>
      {member.fullName}
    </Link>
  ) : (
    member.fullName
  );
  const details = [
    edit ? undefined : translate(t(`roles.${member.role}`)),
    member.kind === 'person' ? undefined : translate(t(`kinds.${member.kind}`)),
    member.dateOfBirth ?? undefined,
    member.phone ?? undefined,
  ].filter(Boolean);
  return (
    <ListItem divider disableGutters sx={{ gap: 1, flexWrap: 'wrap' }}>
      <ListItemText primary={name} secondary={details.join(' · ')} />
      {edit && (
        <>
          <RoleSelect id={`role-${member.id}`} name={member.fullName} value={member.role} onChange={(role) => edit('role', role)} />
          <IconButton
            aria-label={translate(t('take_out'), { name: member.fullName })}
            onClick={() => edit('remove')}
            sx={{ width: 44, height: 44 }}
          >
            <CloseIcon />
          </IconButton>
        </>
      )}
    </ListItem>
  );
}

/** The family's name and address, as the office changes them. */
function NameAndAddress({ household, onSave }: { household: Household; onSave: (name: string, address: string) => Promise<void> }) {
  const translate = useTranslate();
  const [name, setName] = useState(household.name);
  const [address, setAddress] = useState(household.address ?? '');
  return (
    <Stack spacing={2}>
      <TextField id="household-name" label={translate(t('name'))} required value={name} onChange={(e) => setName(e.target.value)} />
      <TextField
        id="household-address"
        label={translate(t('address'))}
        multiline
        minRows={2}
        value={address}
        onChange={(e) => setAddress(e.target.value)}
      />
      <Box>
        <Button variant="contained" disabled={!name.trim()} onClick={() => onSave(name, address)} sx={{ minHeight: 44 }}>
          {translate(t('save_changes'))}
        </Button>
      </Box>
    </Stack>
  );
}

/**
 * /households/:id: a family's page (docs/decisions/0213-households.md): its name, shared
 * address and members with their roles, each person linking to their profile; the office
 * renames it, changes the address, adds and removes members, changes roles and deletes it.
 */
export function HouseholdPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const api = useDataProvider<FlockDataProvider>();
  const mayEdit = useAllows('households', 'edit');
  const [deleting, setDeleting] = useState(false);
  const {
    data: household,
    error,
    isPending,
    refetch,
  } = useQuery({
    queryKey: ['households', id],
    queryFn: async () => (await api.getOne<Household>('households', { id })).data,
  });

  /** Runs one change, says it is done (or why not) and reads the family again. */
  const run = async (change: () => Promise<unknown>, done: string) => {
    try {
      await change();
      notify(t(done), { type: 'success' });
    } catch (err) {
      notify((err as HttpError).message, { type: 'error' });
    }
    await refetch();
  };
  const editMember = (member: HouseholdMember) => (change: 'role' | 'remove', value?: string) =>
    change === 'role'
      ? run(() => api.changeHouseholdRole({ id: member.id, role: value }), 'role_saved')
      : run(() => api.removeHouseholdMember({ id: member.id }), 'member_removed');
  const addMember = (input: MemberInput) => run(() => api.addHouseholdMember({ householdId: id, ...input }), 'member_added');
  const remove = async () => {
    setDeleting(false);
    try {
      await api.deleteHousehold({ id });
      notify(t('deleted'), { type: 'success' });
      navigate('/households');
    } catch (err) {
      notify((err as HttpError).message, { type: 'error' });
    }
  };

  if (isPending) return <LinearProgress aria-label={translate('flock.loading')} />;
  if (error || !household) return <Alert severity="error">{(error as Error | null)?.message}</Alert>;
  const members = household.members;
  return (
    <>
      <PageHeader
        title={household.name}
        subtitle={household.address ?? translate(t('no_address'))}
        actions={
          mayEdit && (
            <Button color="error" onClick={() => setDeleting(true)} sx={{ minHeight: 44 }}>
              {translate(t('delete'))}
            </Button>
          )
        }
      />
      <Stack spacing={2}>
        <Card>
          <CardContent>
            <Typography component="h2" variant="h6">
              {translate(t('members'))}
            </Typography>
            <List aria-label={translate(t('members'))}>
              {members.map((m) => (
                <MemberLine key={m.id} member={m} edit={mayEdit ? editMember(m) : undefined} />
              ))}
            </List>
            {household.hiddenMembers > 0 && (
              <Typography variant="body2" color="text.secondary">
                {translate(t('hidden_members'), { smart_count: household.hiddenMembers })}
              </Typography>
            )}
          </CardContent>
        </Card>
        {mayEdit && (
          <Card>
            <CardContent>
              <Stack spacing={2}>
                <Typography component="h2" variant="h6">
                  {translate(t('add_member'))}
                </Typography>
                <PersonPicker
                  onPick={(p) => addMember({ userId: p.id, role: 'other' })}
                  exclude={members.flatMap((m) => (m.userId ? [m.userId] : []))}
                />
                <Divider />
                <NewPersonFields onAdd={(person) => addMember({ person, role: 'child' })} />
                <Divider />
                <Typography component="h2" variant="h6">
                  {translate(t('name_and_address'))}
                </Typography>
                <NameAndAddress
                  key={household.updatedAt}
                  household={household}
                  onSave={(name, address) => run(() => api.updateHousehold({ id, name, address: address || null }), 'saved')}
                />
              </Stack>
            </CardContent>
          </Card>
        )}
      </Stack>
      <Confirm
        isOpen={deleting}
        title={translate(t('delete_title'), { name: household.name })}
        content={translate(t('delete_content'))}
        onClose={() => setDeleting(false)}
        onConfirm={remove}
      />
    </>
  );
}
