import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@/domain/auditTrail/vocabulary';
import { enAreas } from './enAreas';

describe("the audit log's words", () => {
  it.each([
    ['action', AUDIT_ACTIONS, enAreas.flock.audit.actions as Record<string, string>],
    ['entity', AUDIT_ENTITIES, enAreas.flock.audit.entities as Record<string, string>],
  ] as const)('every %s code the server writes has a label in words', (_kind, codes, labels) => {
    const raw = codes.filter((code) => !labels[code] || labels[code] === code);
    expect(raw).toEqual([]);
    expect(Object.keys(labels).sort()).toEqual([...codes].sort());
  });
});
