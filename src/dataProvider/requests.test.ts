import { describe, expect, it } from 'vitest';
import { fakeApi, ok, refusal, rows } from '@/tests/support/fakeApi';
import { ENDPOINTS } from '@/src/endpoints';
import { createDataProvider } from './index';

/** The rows of requests and approvals against the API contract. */

const api = fakeApi();
const provider = () => createDataProvider({ baseUrl: 'http://flock.test/api', getToken: () => 'tok-1', table: ENDPOINTS });

const REQUEST = { id: 'r1', kind: 'joinDepartment', status: 'pending', requester: { id: 'u1', fullName: 'Ada Obi' } };

describe('the request lists, one per tab of /requests', () => {
  it.each([
    ['myRequests', '/ChurchAffiliation/GetUserRequestLog'],
    ['hodRequests', '/ChurchAffiliation/GetHodRequests'],
    ['inspectorateRequests', '/ChurchAffiliation/GetInspectorateRequests'],
    ['allRequests', '/ChurchAffiliation/GetAllRequests'],
  ])('%s calls GET %s with paging, sort, search and the filters under their API names', async (resource, path) => {
    api.on(`GET ${path}`, () => rows([REQUEST], 12));
    const result = await provider().getList(resource, {
      pagination: { page: 2, perPage: 5 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { q: 'ada', kind: 'changeZone', status: 'pending', departmentId: 'd1', zoneId: 'z1', from: '2025-01-01', to: '2025-01-31' },
    });
    expect(result).toEqual({ data: [REQUEST], total: 12 });
    expect(api.callsTo(`GET ${path}`)[0].query).toEqual({
      PageNumber: '2',
      PageSize: '5',
      SortBy: 'createdAt',
      SortOrder: 'desc',
      Search: 'ada',
      Kind: 'changeZone',
      Status: 'pending',
      DepartmentId: 'd1',
      ZoneId: 'z1',
      From: '2025-01-01',
      To: '2025-01-31',
    });
  });

  it('drops empty filters', async () => {
    api.on('GET /ChurchAffiliation/GetHodRequests', () => rows([]));
    await provider().getList('hodRequests', {
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'id', order: 'ASC' },
      filter: { status: 'pending', zoneId: '' },
    });
    expect(api.calls[0].query).toEqual({ PageNumber: '1', PageSize: '1', Status: 'pending' });
  });
});

describe('one request', () => {
  it('reads the detail with its history from GetRequestById?id', async () => {
    const detail = { ...REQUEST, history: [{ id: 'e1', action: 'created' }] };
    api.on('GET /ChurchAffiliation/GetRequestById', () => ok(detail));
    expect(await provider().getOne('requests', { id: 'r1' })).toEqual({ data: detail });
    expect(api.calls[0].query).toEqual({ id: 'r1' });
  });

  it.each([
    ['joinDepartment', 'ApproveChangeOfDepartment'],
    ['changeDepartment', 'ApproveChangeOfDepartment'],
    ['changeZone', 'ApproveChangeOfCIHZone'],
    ['joinAffinityGroup', 'ApproveAffinityGroupRequest'],
    ['changeAffinityGroup', 'ApproveAffinityGroupRequest'],
  ])('decides a %s request with PUT %s?RequestId&Approve&Comment', async (kind, call) => {
    api.on(`PUT /ChurchAffiliation/${call}`, () => ok({ ...REQUEST, status: 'rejected' }, { message: 'Request rejected' }));
    const result = await provider().decideRequest({ id: 'r1', kind, approve: false, comment: 'Not this year' });
    expect(result).toEqual({ data: { ...REQUEST, status: 'rejected' }, message: 'Request rejected' });
    expect(api.calls[0]).toMatchObject({
      method: 'PUT',
      query: { RequestId: 'r1', Approve: 'false', Comment: 'Not this year' },
      body: undefined,
    });
  });

  it('sends an approval without a comment as Approve=true alone', async () => {
    api.on('PUT /ChurchAffiliation/ApproveChangeOfDepartment', () => ok(REQUEST, { message: 'Request approved' }));
    await provider().decideRequest({ id: 'r1', kind: 'joinDepartment', approve: true });
    expect(api.calls[0].query).toEqual({ RequestId: 'r1', Approve: 'true' });
  });

  it("cancels with PUT CancelRequest?RequestId, and passes the server's refusal on", async () => {
    api.on('PUT /ChurchAffiliation/CancelRequest', () => refusal(400, 'This request has already been approved.'));
    await expect(provider().cancelRequest({ id: 'r1' })).rejects.toMatchObject({
      status: 400,
      message: 'This request has already been approved.',
    });
    expect(api.calls[0].query).toEqual({ RequestId: 'r1' });
  });
});
