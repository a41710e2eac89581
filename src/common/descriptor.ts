import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { AccessEntry } from '@/src/authProvider/rules';
import type { en } from '@/src/i18n/en';

/** A route's title key: flock.routes.<title>.title (and .placeholder for a signed-in route without a screen). */
export type RouteTitle = keyof typeof en.flock.routes;
export type Screen = LazyExoticComponent<ComponentType>;

/** One address of an area. `action` is the access action its guard asks for ('view' unless given). */
export type ScreenRoute = { path: string; title: RouteTitle; screen?: Screen; action?: string };

/**
 * What one screen area of the web app is, exported by its folder's index.ts (as react-admin's
 * demo does with its resources). The name is THE name of the thing: the react-admin resource
 * the screens and canAccess use, its row of the access and endpoint tables, its menu label
 * (flock.menu.<name>) and, unless `title` says otherwise, its route title.
 * Routes, menu and access table are built from the list in src/screens.ts; its endpoint table row,
 * under the same name, is in its area's endpoints.ts (src/endpoints.ts gathers them).
 */
export type Descriptor = {
  name: string;
  /** Who reaches the routes: signed-in users (the default), signed-out visitors only, or everybody. */
  area?: 'public' | 'open';
  /** The area's main address, which the menu links to; without a screen it shows the placeholder. */
  path?: string;
  title?: RouteTitle;
  screen?: Screen;
  /** Further addresses of the area, guarded by the same access entry. */
  routes?: readonly ScreenRoute[];
  /** The main screen is this resource's list at /<name>: App mounts it as a react-admin <Resource>. */
  asResource?: boolean;
  access?: AccessEntry;
  /** The menu's icon, a component as in react-admin's <Resource icon>. */
  icon?: ComponentType;
};

/** Keeps a descriptor's literal name in its type, so the tables built from the list stay typed. */
export const descriptor = <const D extends Descriptor>(d: D): D => d;

/** Route screens load on demand, each in its own chunk. */
export function lazyScreen<K extends string, P extends object = object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}
