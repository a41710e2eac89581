import { LOOKUP_SCHEMAS } from '@/domain/lookups/kindSchemas';
import { LOOKUP_NAMES, lookupKind, type LookupField, type LookupName } from '@/domain/lookups/kinds';
import { codeColumn, ENUM_LABELS } from '@/src/common/enumLabels';
import type { ColumnDef, CrudDefinition, FieldDef } from '@/src/common/crud';

/**
 * The generic list and forms of each lookup list, read off its entry in the table
 * (domain/lookups/kinds.ts): its fields, its columns (sortable where the server sorts), its
 * filters' inputs. Its API calls are its row of the endpoint table and its permissions its row
 * of the access table, under the same resource name.
 */

function fieldOf(field: LookupField): FieldDef {
  switch (field.kind) {
    case 'select': {
      const { enumeration, ...select } = field;
      return enumeration ? { ...select, labels: ENUM_LABELS[enumeration] } : select;
    }
    case 'reference': {
      const { source, kind, reference, optionText } = field;
      return { source, kind, reference: reference as LookupName, optionText };
    }
    default:
      return field;
  }
}

function definitionOf(name: LookupName): CrudDefinition {
  const kind = lookupKind(name);
  const sortable = (source: string) => (kind.sort.includes(source) ? { sortable: true } : {});
  const columns = kind.columns.map(({ source, kind, enumeration }): ColumnDef =>
    enumeration
      ? codeColumn(source, ENUM_LABELS[enumeration], sortable(source))
      : { source, ...(kind ? { kind } : {}), ...sortable(source) },
  );
  const inputs = Object.values(kind.filters ?? {}).flatMap((filter) => (filter.input ? [fieldOf(filter.input)] : []));
  return {
    resource: name,
    nameField: kind.nameField,
    schema: LOOKUP_SCHEMAS[name].create,
    fields: kind.fields.map(fieldOf),
    columns,
    ...(inputs.length ? { filters: inputs } : {}),
  };
}

export const LOOKUP_DEFINITIONS = Object.fromEntries(LOOKUP_NAMES.map((name) => [name, definitionOf(name)])) as Record<
  LookupName,
  CrudDefinition
>;
