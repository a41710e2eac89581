import { useGetOne } from 'react-admin';
import { useParams } from 'react-router-dom';
import { HeldUntil } from '@/src/common/HeldUntil';
import { CrudList, CrudPage, type ApiRecord } from '@/src/common/crud';
import { MemberTable } from '@/src/common/MemberTable';
import { ZONE_CENTERS, ZONES } from './definitions';
import { ZoneHeader } from './ZoneHeader';

/** /cih/zones: the zones with their center and member counts. */
export const ZoneList = () => <CrudPage definition={ZONES} />;

/** Whether the zone the header names has arrived (or failed): the list below shows from then on. */
function useZoneArrived(zoneId: string) {
  const { data, error } = useGetOne<ApiRecord>('zones', { id: zoneId });
  return !!data || !!error;
}

/** /cih/zones/view-centers/{zoneId}: the zone's centers; a center added here is in this zone. */
export function ZoneCenterList() {
  const { zoneId = '' } = useParams();
  const arrived = useZoneArrived(zoneId);
  return (
    <>
      <ZoneHeader zoneId={zoneId} showing="centers" />
      <HeldUntil ready={arrived}>
        <CrudList definition={ZONE_CENTERS} filter={{ zoneId }} fixed={{ zoneId }} nested />
      </HeldUntil>
    </>
  );
}

/** /cih/zones/zone-members/{id}: the members of the zone (GetMemberQuery?ZoneId), with their centers. */
export function ZoneMemberList() {
  const { id = '' } = useParams();
  const arrived = useZoneArrived(id);
  return (
    <>
      <ZoneHeader zoneId={id} showing="members" />
      <HeldUntil ready={arrived}>
        <MemberTable filter={{ zoneId: id }} extraColumns={[{ source: 'centerName' }]} emptyText="flock.cih.no_zone_members" />
      </HeldUntil>
    </>
  );
}
