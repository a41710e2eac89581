import { CrudPage } from '@/src/common/crud';
import { LOOKUPS } from './definitions';

/** The route screens of the lookup lists: each is the generic list of its definition. */
export const MinistryList = () => <CrudPage definition={LOOKUPS.ministries} />;
export const UnitList = () => <CrudPage definition={LOOKUPS.units} />;
export const SpecialUnitList = () => <CrudPage definition={LOOKUPS.specialUnits} />;
export const AccessoryList = () => <CrudPage definition={LOOKUPS.accessories} />;
export const MoiList = () => <CrudPage definition={LOOKUPS.moi} />;
export const MountainOfInfluenceList = () => <CrudPage definition={LOOKUPS.mountainsOfInfluence} />;
export const AffinityGroupList = () => <CrudPage definition={LOOKUPS.affinityGroups} />;
