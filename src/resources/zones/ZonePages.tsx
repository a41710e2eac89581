import { useParams } from 'react-router-dom';
import { CrudList, CrudPage } from '@/src/resources/crud';
import { ZONE_CENTERS } from '@/src/resources/centers/definition';
import { MemberTable } from '@/src/common/MemberTable';
import { ZONES } from './definition';
import { ZoneHeader } from './ZoneHeader';

/** /cih/zones: the zones with their center and member counts. */
export const ZoneList = () => <CrudPage definition={ZONES} />;

/** /cih/zones/view-centers/{zoneId}: the zone's centers; a center added here is in this zone. */
export function ZoneCenterList() {
  const { zoneId = '' } = useParams();
  return (
    <>
      <ZoneHeader zoneId={zoneId} showing="centers" />
      <CrudList definition={ZONE_CENTERS} filter={{ zoneId }} fixed={{ zoneId }} nested />
    </>
  );
}

/** /cih/zones/zone-members/{id}: the members of the zone (GetMemberQuery?ZoneId), with their centers. */
export function ZoneMemberList() {
  const { id = '' } = useParams();
  return (
    <>
      <ZoneHeader zoneId={id} showing="members" />
      <MemberTable filter={{ zoneId: id }} extraColumns={[{ source: 'centerName' }]} />
    </>
  );
}
