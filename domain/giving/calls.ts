import { defineCall, responseType } from '@/domain/common/calls.js';
import { idQuery } from '@/domain/common/fields.js';
import {
  addEntrySchema,
  batchCreateSchema,
  changeEntrySchema,
  correctionSchema,
  fundCreateSchema,
  refundSchema,
  type Batch,
  type BatchWithEntries,
  type Contribution,
  type Fund,
} from './schemas.js';
import { onlineGivingCalls, type PendingCorrection } from './online.js';
import { statementCalls } from './statementCalls.js';

/** Giving: funds, batches of contributions, refunds and corrections, one's own giving (docs/decisions/0227-giving.md). */
export const givingCalls = {
  ...onlineGivingCalls,
  getFunds: defineCall({ method: 'GET', path: '/Giving/GetFunds', response: responseType<Fund[]>() }),
  createFund: defineCall({ method: 'POST', path: '/Giving/CreateFund', body: fundCreateSchema, response: responseType<Fund>() }),
  retireFund: defineCall({ method: 'PUT', path: '/Giving/RetireFund', query: idQuery, response: responseType<Fund>() }),
  getBatches: defineCall({ method: 'GET', path: '/Giving/GetBatches', response: responseType<Batch[]>() }),
  getBatch: defineCall({ method: 'GET', path: '/Giving/GetBatch', query: idQuery, response: responseType<BatchWithEntries>() }),
  createBatch: defineCall({
    method: 'POST',
    path: '/Giving/CreateBatch',
    body: batchCreateSchema,
    response: responseType<BatchWithEntries>(),
  }),
  addEntry: defineCall({ method: 'POST', path: '/Giving/AddEntry', body: addEntrySchema, response: responseType<BatchWithEntries>() }),
  changeEntry: defineCall({
    method: 'PUT',
    path: '/Giving/ChangeEntry',
    body: changeEntrySchema,
    response: responseType<BatchWithEntries>(),
  }),
  removeEntry: defineCall({ method: 'DELETE', path: '/Giving/RemoveEntry', query: idQuery, response: responseType<BatchWithEntries>() }),
  postBatch: defineCall({ method: 'PUT', path: '/Giving/PostBatch', query: idQuery, response: responseType<BatchWithEntries>() }),
  approveBatch: defineCall({ method: 'PUT', path: '/Giving/ApproveBatch', query: idQuery, response: responseType<BatchWithEntries>() }),
  refund: defineCall({ method: 'POST', path: '/Giving/Refund', body: refundSchema, response: responseType<Contribution>() }),
  correct: defineCall({ method: 'POST', path: '/Giving/Correct', body: correctionSchema, response: responseType<Contribution>() }),
  /** Paged, with filters FundId, HouseholdId, Method, From, To; sorts date, amount, method (server/modules/giving/routes.ts). */
  getContributions: defineCall({ method: 'GET', path: '/Giving/GetContributions', response: responseType<Contribution[]>() }),
  getPendingCorrections: defineCall({
    method: 'GET',
    path: '/Giving/GetPendingCorrections',
    response: responseType<PendingCorrection[]>(),
  }),
  approveCorrection: defineCall({
    method: 'PUT',
    path: '/Giving/ApproveCorrection',
    query: idQuery,
    response: responseType<Contribution[]>(),
  }),
  getMine: defineCall({ method: 'GET', path: '/Giving/GetMine', response: responseType<Contribution[]>() }),
  ...statementCalls,
};
