import { useState } from 'react';
import { useDataProvider, useGetList, useNotify, useTranslate } from 'react-admin';
import { useAllows } from '@/src/authProvider/useAllows';
import { Alert, Button, Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { EVERY_ROW } from '@/src/common/roles/useRoles';
import { useRemoteOperation } from '@/src/common/useRemoteOperation';
import type { FlockDataProvider } from '@/src/dataProvider';
import type { ApiRecord } from '@/src/common/crud';
import { localToday } from './TakeAttendance';

const ITEMS = ['punctuality', 'venueCondition', 'leadership', 'materials'] as const;
const EMPTY = {
  centerId: '',
  visitDate: localToday(),
  punctuality: '3',
  venueCondition: '3',
  leadership: '3',
  materials: '3',
  remarks: '',
  recommendations: '',
};

/** The inspectorate's report of a visit to a center: each item scored from 1 to 5, remarks and recommendations. */
export function InspectionForm({ onSaved }: { onSaved?: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<FlockDataProvider>();
  const canAccess = useAllows('cihInspections', 'create');
  const { data: centers = [] } = useGetList<ApiRecord>('centerChoices', EVERY_ROW, { enabled: !!canAccess });
  const [values, setValues] = useState(EMPTY);
  const { error, run } = useRemoteOperation();
  if (!canAccess) return null;
  const label = (name: string) => translate(`resources.cihInspections.fields.${name}`);
  const set = (name: keyof typeof EMPTY) => (e: { target: { value: string } }) => setValues((now) => ({ ...now, [name]: e.target.value }));
  const save = async () => {
    const saved = await run(() =>
      dataProvider.createInspection({ ...values, ...Object.fromEntries(ITEMS.map((item) => [item, Number(values[item])])) }),
    );
    if (!saved.ok) return;
    notify('flock.cihReports.inspection_saved', { type: 'success' });
    setValues(EMPTY);
    onSaved?.();
  };
  return (
    <Card component="section" aria-labelledby="inspection-form">
      <CardContent>
        <Typography id="inspection-form" component="h2" variant="h6" gutterBottom>
          {translate('flock.cihReports.file_inspection')}
        </Typography>
        <Stack spacing={1.5} sx={{ maxWidth: 600 }}>
          <TextField select label={label('centerId')} value={values.centerId} onChange={set('centerId')} size="small">
            {centers.map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.centerName}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            type="date"
            label={label('visitDate')}
            value={values.visitDate}
            onChange={set('visitDate')}
            size="small"
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: localToday() } }}
          />
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1.5 }}>
            {ITEMS.map((item) => (
              <TextField
                key={item}
                select
                label={label(item)}
                value={values[item]}
                onChange={set(item)}
                size="small"
                sx={{ minWidth: 150 }}
              >
                {[1, 2, 3, 4, 5].map((n) => (
                  <MenuItem key={n} value={String(n)}>
                    {n}
                  </MenuItem>
                ))}
              </TextField>
            ))}
          </Stack>
          <TextField label={label('remarks')} value={values.remarks} onChange={set('remarks')} multiline minRows={2} size="small" />
          <TextField
            label={label('recommendations')}
            value={values.recommendations}
            onChange={set('recommendations')}
            multiline
            minRows={2}
            size="small"
          />
          {error && <Alert severity="error">{error}</Alert>}
          <Button variant="contained" onClick={save} disabled={!values.centerId}>
            {translate('flock.cihReports.save_inspection')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
