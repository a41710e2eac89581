import { defineCall, responseType } from '@/domain/common/calls.js';
import { statementDownloadQuery, statementQuery, type Statement, type StatementMailOutcome } from './statements.js';

/** Giving statements (docs/decisions/0235-giving-statements.md); part of givingCalls. */
export const statementCalls = {
  /** The statements of the period as data: one giver's, or every giver's. */
  getStatements: defineCall({ method: 'GET', path: '/Giving/GetStatements', query: statementQuery, response: responseType<Statement[]>() }),
  /** A file, not an envelope: the PDF, or (Format=progress) lines of progress carrying it. */
  downloadStatements: defineCall({ method: 'GET', path: '/Giving/DownloadStatements', query: statementDownloadQuery }),
  mailStatements: defineCall({
    method: 'POST',
    path: '/Giving/MailStatements',
    body: statementQuery,
    response: responseType<StatementMailOutcome>(),
  }),
};
