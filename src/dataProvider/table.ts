import type { Descriptor } from '@/src/common/descriptor';
import type { ScreenDescriptor } from '@/src/screens';
import type { EndpointTable } from './endpoints';

type WithEndpoints = Extract<ScreenDescriptor, { endpoints: object }>;
/** The endpoint table's type, derived from the screen list: each descriptor's calls under its name. */
export type Endpoints = { [D in WithEndpoints as D['name']]: D['endpoints'] };

type CustomNamesOf<T> = { [R in keyof T]: T[R] extends { custom: infer C } ? keyof C & string : never }[keyof T];
export type CustomMethodName = CustomNamesOf<Endpoints>;

/**
 * The endpoint table: react-admin resource -> its API calls, a row for each descriptor that
 * declares them. Built by App from the screen list and handed to createDataProvider, so that
 * this library imports no screen.
 */
export function endpointTable(descriptors: readonly Descriptor[]): EndpointTable {
  return Object.fromEntries(descriptors.flatMap((d) => (d.endpoints ? [[d.name, d.endpoints]] : [])));
}
