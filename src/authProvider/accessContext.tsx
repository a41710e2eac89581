import { createContext, useContext, type ReactNode } from 'react';
import type { AccessTable } from './access';

/** Without a provider the table is empty, and every resource is refused. */
const AccessContext = createContext<AccessTable>({});

/** Hands the access table App built from the screen list down to the screens' useAllows. */
export function AccessProvider({ table, children }: { table: AccessTable; children: ReactNode }) {
  return <AccessContext.Provider value={table}>{children}</AccessContext.Provider>;
}

/** The access table handed in by the nearest AccessProvider. */
export const useAccessTable = (): AccessTable => useContext(AccessContext);
