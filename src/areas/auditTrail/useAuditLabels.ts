import { useTranslate } from 'react-admin';

/** A row of GetAllAudit. */
export type AuditRow = {
  id: string;
  createdAt: string;
  actorId: string | null;
  actorName: string | null;
  actorEmail: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  entityName: string | null;
  subjectId: string | null;
  subjectName: string | null;
  outcome: 'success' | 'refused' | 'failedLogin';
  ip: string | null;
};

/** Who, what action, on what, and how it ended, in the app's words (unknown codes shown as they are). */
export function useAuditLabels() {
  const translate = useTranslate();
  const entity = (code: string) => translate(`flock.audit.entities.${code}`, { _: code });
  return {
    who: (row: AuditRow) => row.actorName || row.actorEmail || translate('flock.audit.nobody'),
    action: (code: string) => translate(`flock.audit.actions.${code}`, { _: code }),
    entity,
    what: (row: AuditRow) => {
      const name = row.entityName ?? row.subjectName ?? row.entityId;
      return name ? `${entity(row.entity)}: ${name}` : entity(row.entity);
    },
    outcome: (code: string) => translate(`flock.audit.outcomes.${code}`, { _: code }),
  };
}
