import { useCallback, useState } from 'react';
import { Grid } from '@mui/material';
import type { ApiRecord } from '@/src/common/crud';
import { Later } from '@/src/common/Later';
import { Absentees, ActivityReportForm, RecentReports } from './CenterActivity';
import { TakeAttendance } from './TakeAttendance';

/** /cih/center's work, phone first: this week's attendance, the activity report, recent reports and absentees. */
export function CenterWork({ centerId, members }: { centerId: string; members: ApiRecord[] }) {
  // Each save bumps the version, so the recent reports and absentees read again.
  const [version, setVersion] = useState(0);
  const saved = useCallback(() => setVersion((v) => v + 1), []);
  return (
    <Grid container spacing={2} sx={{ mb: 3 }}>
      <Grid size={{ xs: 12, md: 7 }}>
        <TakeAttendance centerId={centerId} members={members} onSaved={saved} version={version} />
      </Grid>
      {/* Below the attendance on a phone: rendered after it, one part at a time (docs/decisions/0252). */}
      <Later>
        <Grid size={{ xs: 12, md: 5 }} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Absentees centerId={centerId} version={version} />
          <RecentReports centerId={centerId} version={version} onChanged={saved} />
        </Grid>
      </Later>
      <Later steps={2}>
        <Grid size={{ xs: 12, md: 7 }}>
          <ActivityReportForm centerId={centerId} onSaved={saved} />
        </Grid>
      </Later>
    </Grid>
  );
}
