import { useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { Avatar, Box, Button, Card, CardContent, Chip, Typography } from '@mui/material';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import type { CustomResult, FlockDataProvider } from '@/src/dataProvider';
import { ChangeRoleDialog } from '@/src/common/roles/ChangeRoleDialog';
import { useRoleLabel } from '@/src/common/roles/useRoles';
import { useRemoteOperation } from '@/src/common/useRemoteOperation';
import { HistoryButton } from '@/src/areas/auditTrail/HistoryButton';
import { AVATAR_ACCEPT, avatarProblem } from './avatarFile';
import { EraseButton } from './EraseDialog';
import { CareLinks } from './CareLinks';
import type { ProfileUser, Viewer } from './useProfile';

type AvatarData = { fileBase64: string; contentType: string } | null;

/** The member's avatar (GetUserAvatar), and how to load it again after an upload. */
function useAvatar(userId: string) {
  const api = useDataProvider<FlockDataProvider>();
  const { success, run } = useRemoteOperation<CustomResult<AvatarData>>();
  const load = useCallback(() => run(() => api.getUserAvatar<AvatarData>({ userId })), [api, run, userId]);
  useEffect(() => {
    load();
  }, [load]);
  const avatar = success?.data;
  return { src: avatar ? `data:${avatar.contentType};base64,${avatar.fileBase64}` : undefined, reload: load };
}

/** Upload on one's own profile: the type and size checks (avatarFile.ts) run before anything is sent. */
function AvatarUpload({ userId, onUploaded }: { userId: string; onUploaded: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useDataProvider<FlockDataProvider>();
  const input = useRef<HTMLInputElement>(null);
  const { loading, run } = useRemoteOperation();
  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = avatarProblem(file);
    if (problem) return notify(`flock.profile.${problem}`, { type: 'error', messageArgs: { file: file.name } });
    const outcome = await run(() => api.uploadAvatar({ userId, file }));
    if (!outcome.ok) return notify(outcome.error.message, { type: 'error' });
    notify('flock.profile.avatar_uploaded', { type: 'success' });
    onUploaded();
  };
  return (
    <>
      <input ref={input} type="file" accept={AVATAR_ACCEPT} hidden onChange={upload} data-testid="avatar-file" />
      <Button size="small" startIcon={<PhotoCameraIcon />} loading={loading} onClick={() => input.current?.click()}>
        {translate('flock.profile.upload_avatar')}
      </Button>
    </>
  );
}

type Props = { user: ProfileUser; viewer: Viewer };

/**
 * The profile's head: avatar, full name and role names ('Member' when none), with the
 * administrator's actions. Short on a phone, so that the personal information shows on the first
 * screen; one's own privacy and data follow the forms (PrivacyAndData).
 */
export function ProfileHeader({ user, viewer }: Props) {
  const translate = useTranslate();
  const roleLabel = useRoleLabel();
  const { src, reload } = useAvatar(String(user.id));
  const [changingRole, setChangingRole] = useState(false);
  const roles = [...(user.roles ?? []), ...(user.cihRole ? [user.cihRole] : [])];
  return (
    <Card>
      <CardContent sx={{ display: 'flex', gap: { xs: 2, sm: 3 }, alignItems: 'center', flexWrap: 'wrap' }}>
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1 }}>
          <Avatar
            src={src}
            alt={translate('flock.profile.avatar_alt', { name: user.fullName })}
            sx={{ width: { xs: 64, sm: 96 }, height: { xs: 64, sm: 96 }, fontSize: { xs: 28, sm: 36 } }}
          >
            {user.fullName.charAt(0)}
          </Avatar>
          {viewer.canUploadAvatar && <AvatarUpload userId={String(user.id)} onUploaded={reload} />}
        </Box>
        <Box sx={{ flex: 1, minWidth: { xs: 150, sm: 200 } }}>
          <Typography component="h1" variant="h5">
            {user.fullName}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
            {(roles.length ? roles.map(roleLabel) : [translate('flock.profile.default_role')]).map((name) => (
              <Chip key={name} label={name} size="small" />
            ))}
          </Box>
        </Box>
        <HistoryButton userId={String(user.id)} />
        <CareLinks userId={String(user.id)} isSelf={viewer.isSelf} />
        {!viewer.isSelf && <EraseButton userId={String(user.id)} />}
        {viewer.canChangeRole && (
          <Button variant="outlined" onClick={() => setChangingRole(true)}>
            {translate('flock.profile.change_role')}
          </Button>
        )}
      </CardContent>
      {changingRole && (
        <ChangeRoleDialog
          user={{ id: String(user.id), fullName: user.fullName, roles: user.roles }}
          onClose={() => setChangingRole(false)}
        />
      )}
    </Card>
  );
}
