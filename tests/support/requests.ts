import { eq } from 'drizzle-orm';
import { departments } from '@/server/db/schema/index.js';
import { joinDepartments } from './churchStructure.js';
import type { Account } from './members.js';
import { setAffiliation, type PersonFields } from './people.js';
import type { TestServer } from './server.js';
import { createUser } from './users.js';

/** Members' requests and their decisions over HTTP: the calls, and the people who file and decide them. */

type Params = Record<string, string>;
type Place = Pick<PersonFields, 'zoneId' | 'centerId' | 'affinityGroup'> & { departmentIds?: string[] };

export function requestCalls(s: TestServer) {
  const put = (call: string, params: Params, token: string) =>
    s.call('PUT', `/ChurchAffiliation/${call}?${new URLSearchParams(params)}`, { token });
  const own = (m: Account, call: string, params: Params) => put(call, { userId: m.id, ...params }, m.token);
  return {
    joinDepartment: (m: Account, department: string, reason = 'I want to serve') =>
      own(m, 'RequestByMemberToJoinDepartment', { department, Reason: reason }),
    changeDepartment: (m: Account, newDepartment: string, reason = 'I want to move') =>
      own(m, 'RequestChangeOfDepartment', { newDepartment, Reason: reason }),
    joinGroup: (m: Account, affinityGroup: string) => own(m, 'RequestByMemberToJoinAffinityGroup', { affinityGroup }),
    changeGroup: (m: Account, newAffinityGroup: string) => own(m, 'RequestChangeOfAffinityGroup', { newAffinityGroup }),
    changeZone: (m: Account, newCihZone: string, newCenter?: string) =>
      own(m, 'RequestChangeOfCIHZone', { newCihZone, ...(newCenter && { newCenter }), Reason: 'Moved house' }),
    /** ApproveChangeOfDepartment, ApproveChangeOfCIHZone or ApproveAffinityGroupRequest. */
    decide: (call: string, requestId: string, approve: boolean, token: string, comment?: string) =>
      put(call, { RequestId: requestId, Approve: String(approve), ...(comment && { Comment: comment }) }, token),
    cancel: (requestId: string, token: string) => put('CancelRequest', { RequestId: requestId }, token),
    /** A GET under /ChurchAffiliation/ with query parameters. */
    get: (call: string, token: string, params: Params = {}) =>
      s.call('GET', `/ChurchAffiliation/${call}?${new URLSearchParams(params)}`, { token }),
  };
}

/** The id of a request the call filed, failing loudly when it did not. */
export function filedId(res: { status: number; body: any }): string {
  if (res.status !== 200) throw new Error(`filing failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}

/** A signed-in member with a church affiliation (zone, center, groups) and departments (the first primary). */
export async function memberAt(s: TestServer, place: Place = {}, role = 'member'): Promise<Account> {
  const member = await createUser(s, { role });
  await setAffiliation(s, member.id, place);
  await joinDepartments(s, member.id, place.departmentIds ?? []);
  return member;
}

/** A signed-in hod who heads the department and, as every head, is in it. */
export async function headOf(s: TestServer, departmentId: string, place: Place = {}): Promise<Account> {
  const head = await memberAt(s, { ...place, departmentIds: [departmentId, ...(place.departmentIds ?? [])] }, 'hod');
  await s.database.db.update(departments).set({ hodId: head.id }).where(eq(departments.id, departmentId));
  return head;
}
