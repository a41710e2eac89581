import type { LookupName } from '@/domain/lookups/kinds';
import { CrudPage } from '@/src/common/crud';
import { LOOKUP_DEFINITIONS } from './definitions';

/** The route screen of a lookup list: the generic list of its kind's definition. */
export const LookupPage = ({ kind }: { kind: LookupName }) => <CrudPage definition={LOOKUP_DEFINITIONS[kind]} />;

// The lists the component tests render by name.
export const MinistryList = () => <LookupPage kind="ministries" />;
export const UnitList = () => <LookupPage kind="units" />;
export const AccessoryList = () => <LookupPage kind="accessories" />;
export const AffinityGroupList = () => <LookupPage kind="affinityGroups" />;
