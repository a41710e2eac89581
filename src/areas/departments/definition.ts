import { departmentSchema } from '@/domain/departments/schemas';
import type { ApiRecord, CrudDefinition } from '@/src/common/crud';

/** /departments/view/{name}/{id}/{hodid}; 'none' stands for a department without a head. */
const departmentPath = (department: ApiRecord) =>
  `/departments/view/${encodeURIComponent(department.departmentName)}/${department.id}/${department.hodId ?? 'none'}`;

export const DEPARTMENTS: CrudDefinition = {
  resource: 'departments',
  nameField: 'departmentName',
  schema: departmentSchema,
  fields: [
    { source: 'departmentName', kind: 'text' },
    {
      source: 'hodId',
      kind: 'member',
      nameSource: 'hodName',
      // A head is one of the department's members; a new department's head joins it.
      memberFilter: (department) => (department ? { departmentId: department.id } : {}),
    },
    { source: 'description', kind: 'multiline' },
  ],
  columns: [
    { source: 'departmentName', sortable: true, link: departmentPath },
    { source: 'hodName', sortable: true },
    { source: 'memberCount', kind: 'number', sortable: true },
    { source: 'description' },
  ],
  rowLinks: [{ label: 'flock.departments.view', to: departmentPath }],
};
