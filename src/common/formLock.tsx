import { createContext, type ReactNode } from 'react';

/** True when the viewer may not change this form: every input of it is disabled. */
export const FormLock = createContext(false);

export function LockedForm({ locked, children }: { locked: boolean; children: ReactNode }) {
  return <FormLock.Provider value={locked}>{children}</FormLock.Provider>;
}

/** A member field's label, from flock.profile.fields (the profile's and the member filters' inputs). */
export const fieldLabel = (source: string) => `flock.profile.fields.${source}`;
