import { useMemo } from 'react';
import { useDataProvider, useGetList, useGetOne, useNotify, type HttpError, type RaRecord } from 'react-admin';
import {
  canChangeRole,
  canEditProfile,
  canEditStatus,
  canRequestToJoinDepartment,
  canUploadAvatar,
  canViewProfile,
  editableAffiliationFields,
  type AffiliationField,
} from '@/domain/profile/rules';
import type { UserRecord } from '@/domain/common/records';
import { readPermissions, readUser } from '@/src/authProvider/session';
import { isStale, useStaleNotice } from '@/src/common/StaleRecordNotice';
import { useRemoteOperation } from '@/src/common/useRemoteOperation';

/** The member record (GetUserbyId): the header's names and roles, and what prefills an absent biodata. */
export type ProfileUser = UserRecord;

/** What the signed-in user may do on this profile, from the rules in domain/. */
export type Viewer = {
  isSelf: boolean;
  canView: boolean;
  canEdit: boolean;
  canEditStatus: boolean;
  canUploadAvatar: boolean;
  canChangeRole: boolean;
  canRequestDepartment: boolean;
  affiliationFields: readonly AffiliationField[];
};

export function viewerOf(userId: string, placed = false): Viewer {
  const permissions = readPermissions();
  const isSelf = readUser()?.id.toLowerCase() === userId.toLowerCase();
  return {
    isSelf,
    canView: canViewProfile(permissions, isSelf),
    canEdit: canEditProfile(permissions, isSelf),
    canEditStatus: canEditStatus(permissions),
    canUploadAvatar: canUploadAvatar(isSelf),
    canChangeRole: canChangeRole(permissions),
    canRequestDepartment: canRequestToJoinDepartment(permissions, isSelf),
    affiliationFields: editableAffiliationFields(permissions, isSelf, placed),
  };
}

export const useViewer = (userId: string) => useMemo(() => viewerOf(userId), [userId]);

/** A record the member holds at most one of: null when the API answers its not-found, which shows no message. */
export type MemberRecord<T> = { record: T | null | undefined; isPending: boolean; error?: string; refetch: () => void };

/**
 * exists: what the member record (ProfileUser.has) says of this one, undefined while it loads;
 * a record known to be absent is not asked for (an expected absence is no failed request), and
 * one saved later is read by refetch.
 */
export function useMemberRecord<T extends RaRecord>(
  resource: string,
  userId: string,
  known?: { exists: boolean | undefined },
): MemberRecord<T> {
  const enabled = !known || known.exists === true;
  // A 404 means "none yet": asking again would only delay the empty form.
  const { data, error, isPending, isFetched, refetch } = useGetOne<T>(resource, { id: userId }, { retry: false, enabled });
  const absent = (error as HttpError | null)?.status === 404 || (known?.exists === false && !isFetched);
  const waiting = known?.exists === undefined && !!known;
  return {
    record: absent ? null : data,
    isPending: waiting || (enabled && isPending && !error),
    error: absent ? undefined : error?.message,
    refetch,
  };
}

type RecordName = keyof NonNullable<ProfileUser['has']>;

/** What the loaded member record says of one of their records (see useMemberRecord); older servers say nothing: ask. */
export const existsIn = (user: ProfileUser | null | undefined, name: RecordName) => ({
  exists: user ? (user.has?.[name] ?? true) : undefined,
});

/** The member's rows of a per-member list (qualifications, children, departments). */
export function useMemberRows<T extends RaRecord>(resource: string, userId: string) {
  return useGetList<T>(resource, { filter: { userId }, pagination: { page: 1, perPage: 1000 } }, { retry: false });
}

type Messages = { created: string; updated: string };
type FieldErrors = Record<string, string> | undefined;

/**
 * A save creates the record when there is none (no id sent) and updates it
 * otherwise, then toasts. A failure toasts the server's message and hands its field errors back
 * to the form.
 */
export function useCreateOrUpdate(
  resource: string,
  messages: Messages,
  onSaved: () => void,
  /** A form in a dialog says a stale save itself: a notification behind a modal is out of keyboard reach. */
  onStale?: () => void,
) {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const staleNotice = useStaleNotice();
  const { loading, run } = useRemoteOperation();
  const save = async (existing: RaRecord | null | undefined, data: Record<string, unknown>): Promise<FieldErrors> => {
    const outcome = await run(() =>
      existing ? dataProvider.update(resource, { id: existing.id, data, previousData: existing }) : dataProvider.create(resource, { data }),
    );
    if (!outcome.ok) {
      const error = outcome.error as HttpError;
      // Not reloaded at once: that would replace what they typed before they chose.
      if (isStale(error)) return void (onStale ? onStale() : staleNotice(onSaved));
      notify(error.message, { type: 'error' });
      return error.body?.errors;
    }
    notify(existing ? messages.updated : messages.created, { type: 'success' });
    onSaved();
  };
  return { save, saving: loading };
}

/** The toasts of spouse, employer, church affiliation, qualifications and children. */
export const DETAIL_MESSAGES: Messages = { created: 'flock.profile.toasts.created', updated: 'flock.profile.toasts.updated' };
