import { SCREENS, type ScreenDescriptor } from '@/src/screens';
import type { EndpointTable } from './endpoints';

type WithEndpoints = Extract<ScreenDescriptor, { endpoints: object }>;
type Table = { [D in WithEndpoints as D['name']]: D['endpoints'] };

/** THE endpoint table: react-admin resource -> API calls, each row from its descriptor (src/screens.ts). */
export const ENDPOINTS = Object.fromEntries(SCREENS.flatMap((d) => ('endpoints' in d ? [[d.name, d.endpoints]] : []))) as Table &
  EndpointTable;

type CustomNamesOf<T> = { [R in keyof T]: T[R] extends { custom: infer C } ? keyof C & string : never }[keyof T];
export type CustomMethodName = CustomNamesOf<Table>;
