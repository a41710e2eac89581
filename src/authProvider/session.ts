import { permissionString, type PermissionEntry } from '@/domain/roles/permissions';
import { PREFERENCE_KEYS } from '@/src/layout/preferences';

/** Local storage keys of the signed-in session: login stores token, permissions, user and affiliation. */
const SESSION_KEYS = {
  token: 'token',
  /** The permission strings (e.g. CAN_VIEW_MEMBERS), which the route guard and menu read. */
  permissions: 'permissions',
  /** The login answer's raw [{accessRight, moduleName}] list. */
  permissionList: 'permissionList',
  user: 'user',
  affiliation: 'churchAffiliation',
  /** The church's time zone, which screens show instants in (docs/decisions/0242). */
  timeZone: 'timeZone',
} as const;

export type SessionUser = {
  id: string;
  email: string;
  userName?: string | null;
  firstName?: string;
  surName?: string;
  fullName: string;
  roles?: string[];
  cihRole: string | null;
  [field: string]: unknown;
};

export type ChurchAffiliation = {
  cihRole: string | null;
  affinityGroup: string[];
  zoneId?: string | null;
  centerId?: string | null;
};

/** The data of a successful POST /Auth/Login. */
export type LoginResult = {
  token: string;
  permissions: PermissionEntry[];
  user: SessionUser;
  churchAffiliation?: Partial<ChurchAffiliation> | null;
  /** The church's IANA time zone (the server's); older servers leave it out. */
  timeZone?: string;
};

function readJson<T>(key: string): T | undefined {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? undefined : (JSON.parse(raw) as T);
  } catch {
    return undefined;
  }
}

/** Stores the login answer: cihRole lower-cased; affinity groups named 'none' (any case) dropped. */
export function saveSession(result: LoginResult): void {
  const { token, permissions, user, churchAffiliation, timeZone } = result;
  localStorage.setItem(SESSION_KEYS.token, token);
  if (typeof timeZone === 'string') localStorage.setItem(SESSION_KEYS.timeZone, timeZone);
  else localStorage.removeItem(SESSION_KEYS.timeZone);
  localStorage.setItem(SESSION_KEYS.permissions, JSON.stringify(permissions.map(permissionString)));
  localStorage.setItem(SESSION_KEYS.permissionList, JSON.stringify(permissions));
  localStorage.setItem(SESSION_KEYS.user, JSON.stringify({ ...user, cihRole: user.cihRole?.toLowerCase() ?? null }));
  const affiliation: ChurchAffiliation = {
    ...churchAffiliation,
    cihRole: churchAffiliation?.cihRole ?? null,
    affinityGroup: (churchAffiliation?.affinityGroup ?? []).filter((g) => g.trim().toLowerCase() !== 'none'),
  };
  localStorage.setItem(SESSION_KEYS.affiliation, JSON.stringify(affiliation));
}

/** The signed-in person's language as stored at sign-in, and after they change it (docs/decisions/0226-languages.md). */
export function storedLanguage(): string | undefined {
  const language = readUser()?.language;
  return typeof language === 'string' ? language : undefined;
}

export function rememberLanguage(language: string): void {
  const user = readUser();
  if (user) localStorage.setItem(SESSION_KEYS.user, JSON.stringify({ ...user, language }));
}

/** ChangePasswordCompleteInside revokes the old token and answers a fresh one. */
export function replaceToken(token: string): void {
  localStorage.setItem(SESSION_KEYS.token, token);
}

/**
 * Logout clears local storage. The display preferences are put back
 * afterwards: they describe the device, and losing them would flip the theme on every logout.
 */
export function clearSession(): void {
  const kept = PREFERENCE_KEYS.flatMap((key) => {
    const value = localStorage.getItem(key);
    return value === null ? [] : [[key, value] as const];
  });
  localStorage.clear();
  for (const [key, value] of kept) localStorage.setItem(key, value);
}

export const readToken = (): string | null => localStorage.getItem(SESSION_KEYS.token);
export const readPermissions = (): string[] => readJson<string[]>(SESSION_KEYS.permissions) ?? [];
/**
 * The church's time zone as the sign-in answered it; undefined for a session saved before it did,
 * and where there is no storage (formatting helpers tested outside a browser).
 */
export const readTimeZone = (): string | undefined =>
  typeof localStorage === 'undefined' ? undefined : (localStorage.getItem(SESSION_KEYS.timeZone) ?? undefined);
export const readUser = (): SessionUser | undefined => readJson<SessionUser>(SESSION_KEYS.user);
