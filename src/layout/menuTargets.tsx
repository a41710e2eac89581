import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import type { Descriptor } from '@/src/common/descriptor';

/**
 * Where each menu entry leads and its icon, by descriptor name: App builds it from the screen
 * list and hands it in, so the menus (loaded after sign-in) import no screen. Kept apart from
 * menuEntries.tsx, so that the login page does not load the menu to build it.
 */
export type MenuTargets = ReadonlyMap<string, { path: string; icon: ComponentType }>;

/** The descriptors a menu entry may name: those with a main address and an icon. */
export function menuTargets(descriptors: readonly Descriptor[]): MenuTargets {
  return new Map(descriptors.flatMap((d) => (d.path && d.icon ? [[d.name, { path: d.path, icon: d.icon }] as const] : [])));
}

/** Without a provider the menu has no targets, and shows no entry. */
const MenuTargetsContext = createContext<MenuTargets>(new Map());

/** Hands the menu targets App built down to the menus. */
export function MenuProvider({ targets, children }: { targets: MenuTargets; children: ReactNode }) {
  return <MenuTargetsContext.Provider value={targets}>{children}</MenuTargetsContext.Provider>;
}

/** The menu targets handed in by the nearest MenuProvider. */
export const useMenuTargets = (): MenuTargets => useContext(MenuTargetsContext);
