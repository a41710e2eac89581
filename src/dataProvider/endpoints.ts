import type {
  CreateParams,
  DeleteParams,
  GetListParams,
  GetManyReferenceParams,
  GetOneParams,
  UpdateParams,
} from 'react-admin';
import type { MemberRequestKind } from '@/domain/enums';
import { DECIDING_CALL } from '@/domain/requestRules';
import type { Envelope, HttpMethod, Query } from './http';

/**
 * One API.md call: how react-admin's params become the request, and how the envelope becomes
 * react-admin's result. `read` defaults to { data, message } of the envelope.
 */
export type Endpoint<P = any> = {
  method: HttpMethod;
  path: string | ((params: P) => string);
  query?: (params: P) => Query;
  body?: (params: P) => unknown;
  read?: (envelope: Envelope<any>, params: P) => any;
  okStatus?: readonly number[];
};

export type ResourceMethod = 'getList' | 'getOne' | 'getManyReference' | 'create' | 'update' | 'delete';

/**
 * The calls of one react-admin resource. getMany, updateMany and deleteMany are derived from
 * getOne, update and delete (API.md has no batch calls). `custom` methods become named
 * methods of the data provider itself: dataProvider.signUp(params).
 */
export type ResourceEndpoints = Partial<Record<ResourceMethod, Endpoint>> & { custom?: Record<string, Endpoint> };

export type EndpointTable = Record<string, ResourceEndpoints>;

/**
 * API.md list parameters. react-admin's default sort field 'id' means "the server's order"
 * (the spec's 'default' sort), since the lists allow only their own sort fields.
 * `filters` renames react-admin filter names to the call's query names; `q` is the search box.
 */
export function listQuery(params: Partial<GetListParams>, filters: Record<string, string> = {}): Query {
  const { pagination, sort, filter = {} } = params;
  const { q, ...named } = filter as Record<string, unknown>;
  const sortBy = sort?.field && sort.field !== 'id' ? sort.field : undefined;
  return {
    PageNumber: pagination?.page,
    PageSize: pagination?.perPage,
    SortBy: sortBy,
    SortOrder: sortBy ? sort?.order.toLowerCase() : undefined,
    Search: q,
    ...Object.fromEntries(Object.entries(named).map(([name, value]) => [filters[name] ?? name, value])),
  };
}

const listResult = (envelope: Envelope<any[]>) => {
  const data = envelope.data ?? [];
  return { data, total: envelope.totalCount ?? data.length };
};

/** GET list call with paging, sort, search and filters. */
export const list = (path: string, filters?: Record<string, string>): Endpoint<GetListParams> => ({
  method: 'GET',
  path,
  query: (params) => listQuery(params, filters),
  read: listResult,
});

/** GET list call filtered by the referencing record (target names the query parameter). */
export const listByReference = (path: string, filters?: Record<string, string>): Endpoint<GetManyReferenceParams> => ({
  method: 'GET',
  path,
  query: (params) => ({ ...listQuery(params, filters), [filters?.[params.target] ?? params.target]: params.id }),
  read: listResult,
});

/** GET one record: path?{idParam}={id}. */
export const one = (path: string, idParam = 'id'): Endpoint<GetOneParams> => ({
  method: 'GET',
  path,
  query: (params) => ({ [idParam]: params.id }),
  read: (envelope) => ({ data: envelope.data }),
});

export const create = (path: string): Endpoint<CreateParams> => ({
  method: 'POST',
  path,
  body: (params) => params.data,
  read: (envelope) => ({ data: envelope.data }),
});

/** PUT with the record's id in the body; an answer without data keeps the submitted record. */
export const update = (path: string): Endpoint<UpdateParams> => ({
  method: 'PUT',
  path,
  body: (params) => ({ ...params.data, id: params.id }),
  read: (envelope, params) => ({ data: envelope.data ?? { ...params.data, id: params.id } }),
});

export const remove = (path: string, idParam = 'id'): Endpoint<DeleteParams> => ({
  method: 'DELETE',
  path,
  query: (params) => ({ [idParam]: params.id }),
  read: (envelope, params) => ({ data: envelope.data ?? params.previousData ?? { id: params.id } }),
});

/** A named call whose params are the JSON body. */
export const post = (path: string): Endpoint<object | undefined> => ({ method: 'POST', path, body: (params) => params ?? {} });
/** A named call whose params are the query. */
export const get = (path: string): Endpoint<Query | undefined> => ({ method: 'GET', path, query: (params) => params ?? {} });

/** The five calls of one record kind; `list` may be a GetByTotal (rows with their counts). */
export type CrudPaths = { list: string; getOne: string; create: string; update: string; remove: string };

export const crud = (paths: CrudPaths, filters?: Record<string, string>) => ({
  getList: list(paths.list, filters),
  getOne: one(paths.getOne),
  create: create(paths.create),
  update: update(paths.update),
  delete: remove(paths.remove),
});

/** API.md's standard controller: /X/Create, /X/Update, /X/Delete?id, /X/GetById?id and a list call. */
const controller = (name: string, listCall = 'GetAll', filters?: Record<string, string>) =>
  crud({ list: `/${name}/${listCall}`, getOne: `/${name}/GetById`, create: `/${name}/Create`, update: `/${name}/Update`, remove: `/${name}/Delete` }, filters);

const DELIST = '/ChurchAffiliation/DelistMemberFromDepartment';
type Delisting = { userId: string; departmentName: string; reason?: string };

// People administration (issue 4).
type RoleGrant = { userId: string; roleId: string; permissions?: string[] };
/** The member filters of the people lists (GetAllUsers): react-admin name -> query name. */
const PEOPLE_FILTERS = {
  zoneId: 'ZoneId',
  centerId: 'CenterId',
  departmentId: 'DepartmentId',
  affinityGroup: 'AffinityGroup',
  gender: 'Gender',
  maritalStatus: 'MaritalStatus',
  employmentStatus: 'EmploymentStatus',
};
/** A command on one user: path?UserId={userId}. */
const byUser = (method: HttpMethod, path: string): Endpoint<{ userId: string }> => ({ method, path, query: (p) => ({ UserId: p.userId }) });
/** A short list answered whole (no paging), each row keyed by `idField`. */
const whole = (path: string, idField = 'id'): Endpoint<GetListParams> => ({
  method: 'GET',
  path,
  read: (envelope) => {
    const data = (envelope.data ?? []).map((row: Record<string, unknown>) => ({ ...row, id: row[idField] }));
    return { data, total: data.length };
  },
});
/**
 * A read about one role or user, as react-admin's getOne: the answer keyed by the id asked for;
 * `field` holds it when the answer is a bare list.
 */
const keyed = (path: string, idParam: string, field?: string): Endpoint<GetOneParams> => ({
  method: 'GET',
  path,
  query: (params) => ({ [idParam]: params.id }),
  read: (envelope, params) => ({ data: { ...(field ? { [field]: envelope.data } : envelope.data), id: params.id } }),
});

// The member profile (issue 3).
/** The rows a member's record holds (GetByUserId?id), asked for with the filter { userId }. */
const ofMember = (path: string, idField = 'id'): Endpoint<GetListParams> => ({ ...whole(path, idField), query: (p) => ({ id: p.filter?.userId }) });
/** A profile detail's calls: one record per member (spouse, employer) or a list with Delete (children, qualifications). */
const memberDetail = (controller: string, kind: 'one' | 'many'): ResourceEndpoints => ({
  ...(kind === 'one'
    ? { getOne: one(`/${controller}/GetByUserId`) }
    : { getList: ofMember(`/${controller}/GetByUserId`), delete: remove(`/${controller}/Delete`) }),
  create: create(`/${controller}/Create`),
  update: update(`/${controller}/Update`),
});
type MemberRequest = { userId: string; reason?: string };
/** A member's request (SPEC.md section 7): PUT with userId, the target and the Reason in the query. */
const memberRequest = <T extends object>(call: string, target: (p: T) => Query): Endpoint<MemberRequest & T> => ({
  method: 'PUT',
  path: `/ChurchAffiliation/${call}`,
  query: (p) => ({ userId: p.userId, ...target(p), Reason: p.reason }),
});
type AvatarUpload = { userId: string; file: File };
/** The profile screen's upload payload: UserId, FileType 'avatar' and the file (SPEC.md section 7). */
function avatarForm({ userId, file }: AvatarUpload): FormData {
  const form = new FormData();
  form.append('UserId', userId);
  form.append('FileType', 'avatar');
  form.append('file', file);
  return form;
}

// Requests and approvals (issue 6).
/** The request lists' filters: react-admin name -> query name. */
const REQUEST_FILTERS = { kind: 'Kind', status: 'Status', departmentId: 'DepartmentId', zoneId: 'ZoneId', from: 'From', to: 'To' };
/** A decision: the kind picks the call that decides it (Approve...?RequestId&Approve&Comment). */
type Decision = { id: string; kind: MemberRequestKind; approve: boolean; comment?: string };

/**
 * THE endpoint table: react-admin resource -> API.md calls. Later issues add rows, e.g.
 *   users: { getList: list('/Admin/GetAllUsers'), getOne: one('/UserManagement/GetUserbyId', 'UserId') },
 */
export const ENDPOINTS = {
  auth: {
    custom: {
      login: post('/Auth/Login'),
      logout: post('/Auth/Logout'),
      signUp: post('/UserManagement/SignUpUser'),
      validateEmailInitiate: post('/Auth/ValidateEmailInitiate'),
      validateEmailComplete: post('/Auth/ValidateEmailComplete'),
      requestOtp: post('/Auth/RequestOtp'),
      changePasswordInitiate: post('/Auth/ChangePasswordInitiate'),
      changePasswordComplete: post('/Auth/ChangePasswordComplete'),
      changePasswordInside: post('/Auth/ChangePasswordCompleteInside'),
    },
  },
  stats: {
    custom: {
      getAdminDashboardStats: get('/Stats/GetAdminDashboardStats'),
    },
  },
  // The church structure (issue 5).
  ministries: controller('Ministry'),
  units: controller('Unit', 'GetAll', { ministryId: 'MinistryId' }),
  specialUnits: controller('SpecialUnit', 'GetAll', { ministryId: 'MinistryId' }),
  accessories: controller('Accessory', 'GetAll', { condition: 'Condition' }),
  moi: controller('MOI'),
  mountainsOfInfluence: controller('MountainOfInfluence'),
  affinityGroups: controller('AffinityGroup', 'GetAll', { age: 'Age', maritalStatus: 'MaritalStatus' }),
  departments: crud({
    list: '/Department/GetAllDepartmentByTotal',
    getOne: '/Department/GetDepartmentById',
    create: '/Department/CreateDepartment',
    update: '/Department/UpdateDepartment',
    remove: '/Department/DeleteDepartment',
  }),
  departmentMembers: { getList: list('/Department/GetDepartmentMembers', { departmentId: 'id' }) },
  delistedMembers: {
    getList: list('/ChurchAffiliation/GetDelistedMembers', { departmentId: 'DepartmentId' }),
    custom: {
      delistMember: {
        method: 'PUT',
        path: DELIST,
        query: (p: Delisting) => ({ UserId: p.userId, DepartmentName: p.departmentName, Reason: p.reason }),
      },
      undoDelisting: { method: 'DELETE', path: DELIST, query: (p: Delisting) => ({ UserId: p.userId, DepartmentName: p.departmentName }) },
    },
  },
  zones: controller('CIHZone', 'GetByTotal'),
  centers: { ...controller('Center', 'GetByTotal', { zoneId: 'ZoneId' }), custom: { getMyCenter: get('/Center/GetMyCenter') } },
  members: {
    getList: list('/ChurchAffiliation/GetMemberQuery', {
      zoneId: 'ZoneId',
      centerId: 'CenterId',
      departmentId: 'DepartmentId',
      // The member list's filters (issue 3).
      departmentName: 'DepartmentName',
      affinityGroup: 'AffinityGroup',
      gender: 'Gender',
      maritalStatus: 'MaritalStatus',
      employmentStatus: 'EmploymentStatus',
      state: 'State',
      role: 'Role',
      status: 'Status',
    }),
  },
  // People administration (issue 4): users, first-timers, archived members, roles.
  users: {
    getList: list('/Admin/GetAllUsers', { ...PEOPLE_FILTERS, role: 'Role', status: 'Status', kind: 'Kind' }),
    create: create('/Admin/CreateAdmin'),
    custom: {
      disableUser: byUser('DELETE', '/Admin/DisableUser'),
      enableUser: byUser('DELETE', '/Admin/EnableUser'),
      changeUserRole: { method: 'PUT', path: '/Admin/ChangeUserRole', query: (p: RoleGrant) => ({ UserId: p.userId, RoleId: p.roleId }) },
    },
  },
  assignableRoles: { getList: whole('/Admin/GetPlatformAdminRoles') },
  cihRoles: { getList: whole('/Admin/GetCIHRoles') },
  // The first-timer list is GetAllUsers narrowed to Kind=firsttimer, which CAN_VIEW_FIRSTTIMERS may read.
  firstTimers: {
    getList: { ...list('/Admin/GetAllUsers'), query: (params: GetListParams) => ({ ...listQuery(params, PEOPLE_FILTERS), Kind: 'firsttimer' }) },
    custom: {
      convertFirstTimer: { method: 'PUT', path: '/Admin/ConvertFirstTimersToMembers', query: (p: { id: string }) => ({ Id: p.id }) },
      bulkConvertFirstTimers: { method: 'PUT', path: '/Admin/BulkConvertFirstTimersToMembers', body: (p: { ids: string[] }) => ({ ids: p.ids }) },
    },
  },
  firstTimerStats: { getOne: { method: 'GET', path: '/Biodata/GetFirstTimerStats', read: (envelope, params) => ({ data: { ...envelope.data, id: params.id } }) } },
  demise: {
    getList: list('/Biodata/GetAllDemise'),
    custom: { archiveMember: byUser('PUT', '/Biodata/ArchiveMember'), restoreMember: byUser('PUT', '/Biodata/RestoreMember') },
  },
  roles: {
    getList: list('/Roles/GetPlatformRoles'),
    create: create('/Roles/CreateRole'),
    update: update('/Roles/UpdateRole'),
    delete: remove('/Roles/DeleteRole', 'RoleId'),
    custom: {
      assignPermissions: {
        method: 'POST',
        path: '/Roles/AssignPermissions',
        query: (p: RoleGrant) => ({ RoleId: p.roleId, UserId: p.userId }),
        body: (p: RoleGrant) => ({ permissions: p.permissions ?? [] }),
      },
      removePermission: {
        method: 'DELETE',
        path: '/Roles/RemovePermission',
        query: (p: RoleGrant & { permission?: string }) => ({ RoleId: p.roleId, UserId: p.userId, Permission: p.permission }),
      },
      // An empty cihRole is dropped from the query, which the server reads as "remove the CIH role".
      assignCihRole: {
        method: 'PUT',
        path: '/Roles/AssignCIHRole',
        query: (p: { userId: string; inspectorId: string; cihRole?: string }) => ({ userId: p.userId, InspectorId: p.inspectorId, cihRole: p.cihRole }),
      },
    },
  },
  rolePermissions: { getOne: keyed('/Roles/GetRolePermissions', 'RoleId', 'permissions') },
  userRoles: { getOne: keyed('/Roles/GetUserRoles', 'UserId') },
  permissionModules: { getList: whole('/Roles/GetPlatformModules', 'moduleName') },
  // Dropdowns of the people filters: the plain lists, which every signed-in user may read.
  zoneChoices: { getList: list('/CIHZone/GetAll') },
  departmentChoices: { getList: list('/Department/GetAllDepartment') },
  // The member profile (issue 3): biodata and its details, church affiliation, departments, requests, avatar.
  profiles: { getOne: one('/UserManagement/GetUserbyId', 'UserId') },
  biodata: { getOne: one('/Biodata/GetBiodataByUserId'), create: create('/Biodata/CreateBiodata'), update: update('/Biodata/UpdateBiodata') },
  qualifications: memberDetail('Qualification', 'many'),
  children: memberDetail('Children', 'many'),
  spouses: memberDetail('Spouse', 'one'),
  employers: memberDetail('Employer', 'one'),
  churchAffiliations: {
    getOne: one('/ChurchAffiliation/GetChurchAffiliationByUserId'),
    create: create('/ChurchAffiliation/CreateChurchAffiliation'),
    update: update('/ChurchAffiliation/UpdateChurchAffiliation'),
    custom: {
      requestToJoinDepartment: memberRequest('RequestByMemberToJoinDepartment', (p: { department: string }) => ({ department: p.department })),
      requestToJoinAffinityGroup: memberRequest('RequestByMemberToJoinAffinityGroup', (p: { affinityGroup?: string }) => ({ affinityGroup: p.affinityGroup })),
      requestChangeOfAffinityGroup: memberRequest('RequestChangeOfAffinityGroup', (p: { newAffinityGroup?: string }) => ({ newAffinityGroup: p.newAffinityGroup })),
      requestChangeOfZone: memberRequest('RequestChangeOfCIHZone', (p: { newCihZone: string; newCenter?: string }) => ({
        newCihZone: p.newCihZone,
        newCenter: p.newCenter,
      })),
    },
  },
  memberDepartments: {
    getList: ofMember('/Department/GetDepartmentByUserId', 'departmentId'),
    custom: {
      setPrimaryDepartment: {
        method: 'PUT',
        path: '/Department/SetPrimaryDepartment',
        query: (p: { userId: string; departmentName: string }) => ({ UserId: p.userId, DepartmentName: p.departmentName }),
      },
    },
  },
  centerChoices: { getList: list('/Center/GetAll', { zoneId: 'ZoneId' }) },
  avatars: {
    custom: {
      getUserAvatar: { method: 'GET', path: '/UserManagement/GetUserAvatar', query: (p: { userId: string }) => ({ UserId: p.userId }) },
      uploadAvatar: {
        method: 'POST',
        path: '/Files/uploadfile',
        query: (p: AvatarUpload) => ({ UserId: p.userId, FileType: 'avatar' }),
        body: avatarForm,
      },
    },
  },
  // Requests and approvals (issue 6): one list resource per tab of /requests, and the request itself.
  myRequests: { getList: list('/ChurchAffiliation/GetUserRequestLog', REQUEST_FILTERS) },
  hodRequests: { getList: list('/ChurchAffiliation/GetHodRequests', REQUEST_FILTERS) },
  inspectorateRequests: { getList: list('/ChurchAffiliation/GetInspectorateRequests', REQUEST_FILTERS) },
  allRequests: { getList: list('/ChurchAffiliation/GetAllRequests', REQUEST_FILTERS) },
  requests: {
    getOne: one('/ChurchAffiliation/GetRequestById'),
    custom: {
      decideRequest: {
        method: 'PUT',
        path: (p: Decision) => `/ChurchAffiliation/${DECIDING_CALL[p.kind]}`,
        query: (p: Decision) => ({ RequestId: p.id, Approve: p.approve, Comment: p.comment }),
      },
      cancelRequest: { method: 'PUT', path: '/ChurchAffiliation/CancelRequest', query: (p: { id: string }) => ({ RequestId: p.id }) },
    },
  },
} satisfies EndpointTable;

type CustomNamesOf<T> = { [R in keyof T]: T[R] extends { custom: infer C } ? keyof C & string : never }[keyof T];
export type CustomMethodName = CustomNamesOf<typeof ENDPOINTS>;
