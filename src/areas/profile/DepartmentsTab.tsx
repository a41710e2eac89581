import { useState } from 'react';
import { Confirm, useDataProvider, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { Box, Button, Chip, List, ListItem, ListItemText, Typography } from '@mui/material';
import StarIcon from '@mui/icons-material/Star';
import type { FlockDataProvider } from '@/src/dataProvider';
import { useRemoteOperation } from '@/src/common/useRemoteOperation';
import { DepartmentRequestDialog } from './RequestDialogs';
import { TabBody } from './TabBody';
import { useMemberRows, type Viewer } from './useProfile';

type Props = { userId: string; viewer: Viewer; hasAffiliation: boolean };

/**
 * The Departments tab: the member's departments with the primary one marked. Setting another
 * primary asks first, toasts 'Successfully set default department' and reloads the list.
 * Joining one is a request, offered to the member with edit rights.
 */
export function DepartmentsTab({ userId, viewer, hasAffiliation }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useDataProvider<FlockDataProvider>();
  const { data = [], isPending, error, refetch } = useMemberRows('memberDepartments', userId);
  const [primary, setPrimary] = useState<RaRecord | null>(null);
  const [requesting, setRequesting] = useState(false);
  const { loading, run } = useRemoteOperation();

  const confirmPrimary = async () => {
    const outcome = await run(() => api.setPrimaryDepartment({ userId, departmentName: primary!.departmentName }));
    setPrimary(null);
    if (!outcome.ok) return notify(outcome.error.message, { type: 'error' });
    notify('flock.profile.toasts.primary_set', { type: 'success' });
    refetch();
  };

  return (
    <TabBody isPending={isPending} error={error?.message}>
      {viewer.canRequestDepartment && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={() => setRequesting(true)}>{translate('flock.profile.departments.join')}</Button>
        </Box>
      )}
      {data.length === 0 && <Typography color="text.secondary">{translate('flock.profile.departments.empty')}</Typography>}
      <List aria-label={translate('flock.profile.tabs.departments')}>
        {data.map((department) => (
          <ListItem
            key={department.id}
            divider
            secondaryAction={
              viewer.canEdit &&
              !department.isPrimaryDepartment && (
                <Button
                  size="small"
                  onClick={() => setPrimary(department)}
                  aria-label={`${translate('flock.profile.departments.set_primary')}: ${department.departmentName}`}
                >
                  {translate('flock.profile.departments.set_primary')}
                </Button>
              )
            }
          >
            <ListItemText primary={department.departmentName} />
            {department.isPrimaryDepartment && (
              <Chip
                icon={<StarIcon />}
                label={translate('flock.profile.departments.primary')}
                color="primary"
                size="small"
                sx={{ mr: 2 }}
              />
            )}
          </ListItem>
        ))}
      </List>
      <Confirm
        isOpen={!!primary}
        loading={loading}
        title="flock.profile.departments.confirm_primary"
        translateOptions={{ name: primary?.departmentName }}
        content="flock.profile.departments.confirm_primary_content"
        confirm="flock.profile.yes"
        cancel="flock.profile.no"
        onConfirm={confirmPrimary}
        onClose={() => setPrimary(null)}
      />
      {requesting && (
        <DepartmentRequestDialog
          userId={userId}
          hasAffiliation={hasAffiliation}
          memberOf={data.map((d) => String(d.departmentName))}
          onClose={() => setRequesting(false)}
        />
      )}
    </TabBody>
  );
}
