import { describe, expect, it } from 'vitest';
import { LOOKUP_CALLS, lookupsCalls } from '@/domain/lookups/calls';
import { LOOKUP_KINDS, LOOKUP_NAMES, lookupKind } from '@/domain/lookups/kinds';
import { WEB_ROUTES } from '@/domain/common/webRoutes';
import { ENTITY_TYPES } from '@/src/areas/auditTrail/AuditLogList';
import { en } from '@/src/i18n/en';
import { enAreas } from '@/src/i18n/enAreas';
import { MENU_RESOURCES } from '@/src/layout/menuEntries';
import { ENDPOINTS } from '@/src/endpoints';
import { ACCESS, SCREENS } from '@/src/screens';

/**
 * Every kind of the lookup table (domain/lookups/kinds.ts) reaches every place derived from it,
 * and has its words: a derivation forgotten, or a kind added without its words, fails here.
 */

const words = { flock: en.flock, resources: enAreas.resources } as unknown as {
  flock: Record<string, Record<string, unknown>>;
  resources: Record<string, Record<string, unknown>>;
};
const auditEntities = enAreas.flock.audit.entities as Record<string, string>;

describe.each(LOOKUP_NAMES)('the lookup list %s', (name) => {
  const kind = lookupKind(name);

  it('is a screen with its address, in the menu and among the web addresses', () => {
    const screen = SCREENS.find((d) => d.name === name);
    expect(screen).toMatchObject({ path: kind.path });
    expect(MENU_RESOURCES).toContain(name);
    expect(WEB_ROUTES).toContain(kind.path);
  });

  it('has its rights in the access table and its calls in the endpoint table', () => {
    expect(ACCESS[name]).toMatchObject({
      view: [kind.rights.view],
      create: [kind.rights.create],
      edit: [kind.rights.update],
      delete: [kind.rights.remove],
      ...(kind.menuReaders ? { menu: kind.menuReaders } : {}),
    });
    const endpoints = ENDPOINTS[name];
    const calls = LOOKUP_CALLS[name];
    expect(endpoints.getList?.call).toMatchObject({ method: 'GET', path: calls.getAll.path });
    expect(endpoints.getOne?.call).toMatchObject({ method: 'GET', path: calls.getById.path });
    expect(endpoints.create?.call).toMatchObject({ method: 'POST', path: calls.create.path });
    expect(endpoints.update?.call).toMatchObject({ method: 'PUT', path: calls.update.path });
    expect(endpoints.delete?.call).toMatchObject({ method: 'DELETE', path: calls.delete.path });
  });

  it('declares its five calls under its entity, which the audit trail lists', () => {
    const names = Object.keys(lookupsCalls).filter((call) => call.replace(/(Create|Update|Delete|GetAll|GetById)$/, '') === kind.entity);
    expect(names).toHaveLength(5);
    expect(ENTITY_TYPES).toContain(kind.entity);
  });

  it('has its words: menu label, route title, list texts, every field and column, audit entity', () => {
    expect(words.flock.menu[name], 'flock.menu').toEqual(expect.any(String));
    expect(words.flock.routes[name], 'flock.routes').toMatchObject({ title: expect.any(String) });
    const resource = words.resources[name] as { fields: Record<string, string> };
    expect(resource, `resources.${name}`).toMatchObject({ name: expect.any(String), intro: expect.any(String), empty: expect.any(String) });
    const inputs = Object.values(kind.filters ?? {}).flatMap((filter) => (filter.input ? [filter.input] : []));
    const sources = [...kind.fields, ...inputs, ...kind.columns].map((f) => f.source);
    expect(sources.filter((source) => !resource.fields[source])).toEqual([]);
    expect(auditEntities[kind.entity], 'flock.audit.entities').toEqual(expect.any(String));
  });

  it('refers only to kinds of the table, and sorts by fields it has', () => {
    for (const field of kind.fields) if (field.kind === 'reference') expect(LOOKUP_KINDS).toHaveProperty(field.reference);
    const sortable = new Set(['createdAt', ...kind.fields.map((f) => f.source)]);
    expect(kind.sort.filter((field) => !sortable.has(field))).toEqual([]);
    expect(kind.sort[0]).toBe(kind.nameField);
  });
});

describe('the lookup table', () => {
  it('names each controller, entity and address once', () => {
    for (const field of ['controller', 'entity', 'path'] as const) {
      const values = LOOKUP_NAMES.map((name) => lookupKind(name)[field].toLowerCase());
      expect(values.length, field).toBe(new Set(values).size);
    }
  });
});
