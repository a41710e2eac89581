import { useGetOne, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { Alert, Button } from '@mui/material';
import { PageHeader, type ApiRecord } from '@/src/common/crud';
import { zoneCentersPath, zoneMembersPath } from './definitions';

/** A zone's name and counts over its centers' or members' page, with the way to the other and back to all zones. */
export function ZoneHeader({ zoneId, showing }: { zoneId: string; showing: 'centers' | 'members' }) {
  const translate = useTranslate();
  const { data: zone, error } = useGetOne<ApiRecord>('zones', { id: zoneId });
  if (error) return <Alert severity="error">{(error as Error).message}</Alert>;
  const other =
    showing === 'centers'
      ? { to: zoneMembersPath({ id: zoneId }), label: 'flock.cih.members' }
      : { to: zoneCentersPath({ id: zoneId }), label: 'flock.cih.centers' };
  const counts = zone && translate('flock.cih.zone_counts', { centers: zone.centerCount ?? 0, members: zone.memberCount ?? 0 });
  return (
    <PageHeader
      title={zone ? `${zone.zoneName}: ${translate(`flock.cih.${showing}`)}` : translate(`flock.cih.${showing}`)}
      subtitle={counts}
      actions={
        <>
          <Button component={Link} to={other.to}>
            {translate(other.label)}
          </Button>
          <Button component={Link} to="/cih/zones">
            {translate('flock.cih.all_zones')}
          </Button>
        </>
      }
    />
  );
}
