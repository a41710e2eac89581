import { useInput, useTranslate } from 'react-admin';
import { Checkbox, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { ACCESS_RIGHTS, permissionString } from '@/domain/roles/permissions';

/** A module of the catalogue with the access rights it has (GetPlatformModules). */
export type PlatformModule = { moduleName: string; accessRights: string[] };

type Props = {
  modules: PlatformModule[];
  /** The chosen permission strings (CAN_VIEW_MEMBERS). */
  value: readonly string[];
  onChange: (permissions: string[]) => void;
  /** Permissions held already (by the role being given): shown ticked, not to be chosen. */
  granted?: readonly string[];
  disabled?: boolean;
};

/** The columns: every access right some module has, in the catalogue's order, then any others the server knows. */
function columnsOf(modules: PlatformModule[]): string[] {
  const present = new Set(modules.flatMap((m) => m.accessRights));
  const known: readonly string[] = ACCESS_RIGHTS;
  return [...known.filter((right) => present.has(right)), ...[...present].filter((right) => !known.includes(right))];
}

const permissionsOf = (module: PlatformModule) =>
  module.accessRights.map((accessRight) => permissionString({ accessRight, moduleName: module.moduleName }));

type GroupState = { checked: boolean; indeterminate: boolean; disabled: boolean };

/**
 * The role editor's permission catalogue as a matrix: modules down, access rights across, a
 * box only where the module has the right. The first column selects a whole module, the
 * header row a whole access right. The value keeps the catalogue's order, and any permission
 * it held that the matrix does not show.
 */
function PermissionMatrix({ modules, value, onChange, granted = [], disabled = false }: Props) {
  const translate = useTranslate();
  const chosen = new Set(value);
  const fixed = new Set(granted);
  const columns = columnsOf(modules);
  const shown = modules.flatMap(permissionsOf);

  /** Ticks or clears these permissions, leaving the granted ones alone. */
  const set = (permissions: string[], on: boolean) => {
    const next = new Set(chosen);
    for (const p of permissions) {
      if (fixed.has(p)) continue;
      if (on) next.add(p);
      else next.delete(p);
    }
    onChange([...shown.filter((p) => next.has(p)), ...[...next].filter((p) => !shown.includes(p))]);
  };
  const group = (permissions: string[]): GroupState => {
    const free = permissions.filter((p) => !fixed.has(p));
    const ticked = free.filter((p) => chosen.has(p)).length;
    return {
      checked: free.length > 0 && ticked === free.length,
      indeterminate: ticked > 0 && ticked < free.length,
      disabled: disabled || free.length === 0,
    };
  };
  const rightLabel = (right: string) => translate(`flock.people.matrix.rights.${right}`, { _: right });
  const moduleLabel = (name: string) => translate(`flock.people.matrix.modules.${name}`, { _: name });
  const columnPermissions = (right: string) =>
    modules.filter((m) => m.accessRights.includes(right)).map((m) => permissionString({ accessRight: right, moduleName: m.moduleName }));

  const groupBox = (permissions: string[], label: string) => {
    const state = group(permissions);
    return (
      <Checkbox size="small" {...state} onChange={() => set(permissions, !state.checked)} slotProps={{ input: { 'aria-label': label } }} />
    );
  };

  return (
    <TableContainer sx={{ maxHeight: 420 }}>
      <Table size="small" stickyHeader aria-label={translate('flock.people.matrix.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('flock.people.matrix.module')}</TableCell>
            <TableCell padding="checkbox">{translate('flock.people.matrix.all')}</TableCell>
            {columns.map((right) => (
              <TableCell key={right} padding="checkbox" align="center" sx={{ whiteSpace: 'nowrap' }}>
                {groupBox(columnPermissions(right), translate('flock.people.matrix.right_all', { right: rightLabel(right) }))}
                {rightLabel(right)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {modules.map((module) => (
            <TableRow key={module.moduleName} hover>
              <TableCell component="th" scope="row">
                {moduleLabel(module.moduleName)}
              </TableCell>
              <TableCell padding="checkbox">
                {groupBox(permissionsOf(module), translate('flock.people.matrix.module_all', { module: moduleLabel(module.moduleName) }))}
              </TableCell>
              {columns.map((right) => {
                if (!module.accessRights.includes(right)) return <TableCell key={right} />;
                const permission = permissionString({ accessRight: right, moduleName: module.moduleName });
                return (
                  <TableCell key={right} padding="checkbox" align="center">
                    <Checkbox
                      size="small"
                      checked={chosen.has(permission) || fixed.has(permission)}
                      disabled={disabled || fixed.has(permission)}
                      onChange={(event) => set([permission], event.target.checked)}
                      slotProps={{ input: { 'aria-label': `${rightLabel(right)} ${moduleLabel(module.moduleName)}` } }}
                    />
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

type InputProps = Omit<Props, 'value' | 'onChange'> & { source: string };

/** The matrix as a react-admin form input holding a list of permission strings. */
export function PermissionMatrixInput({ source, ...props }: InputProps) {
  const { field } = useInput({ source, defaultValue: [] });
  return <PermissionMatrix {...props} value={field.value ?? []} onChange={field.onChange} />;
}
