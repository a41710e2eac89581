import { useId, useState } from 'react';
import { useDataProvider, useGetIdentity, useNotify, usePermissions, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tabs,
  Typography,
} from '@mui/material';
import type { Convert } from '@/domain/gatherings/statuses';
import { P } from '@/domain/roles/permissions';
import { useRemoteOperation } from '@/src/common/useRemoteOperation';
import type { FlockDataProvider } from '@/src/dataProvider';
import { AddButton, CrudFormDialog, EmptyNote, PageHeader, TableList, type ColumnDef, type DialogState } from '@/src/common/crud';
import { inputOf } from '@/src/common/crud/inputs';
import { DecideButtons, DecisionDialog, type Deciding, type PendingRecord } from './decisions';
import { OUTREACH } from './definitions';
import { ReportDialog, type ReportRecord, type ReportTarget } from './ReportDialog';
import { HistoryButton, HistoryDialog, type Viewing } from './history';
import { OwnPendingActions } from './rows';

type OutreachRecord = PendingRecord & { title: string; outreachDate: string; requesterName: string; reportId: string | null };

const dateFilters = () => [
  inputOf({ source: 'from', kind: 'date' }, { alwaysOn: true }),
  inputOf({ source: 'to', kind: 'date' }, { alwaysOn: true }),
];

/** "Write report" on an approved outreach without one, for its requester or the outreach office. */
function ReportButton({ onReport }: { onReport: (target: ReportTarget) => void }) {
  const translate = useTranslate();
  const record = useRecordContext<OutreachRecord>();
  const { identity } = useGetIdentity();
  const { permissions } = usePermissions<string[]>();
  if (!record || record.status !== 'approved' || record.reportId) return null;
  if (record.userId !== identity?.id && !permissions?.includes(P.updateOutreach)) return null;
  return (
    <Button size="small" onClick={() => onReport({ mode: 'create', outreachRequestId: record.id, title: record.title })}>
      {translate('flock.gatherings.write_report')}
    </Button>
  );
}

function RequestsTab() {
  const api = useDataProvider<FlockDataProvider>();
  const [dialog, setDialog] = useState<DialogState>(null);
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const [report, setReport] = useState<ReportTarget | null>(null);
  const [viewing, setViewing] = useState<Viewing | null>(null);
  const add = <AddButton resource="outreach" onClick={() => setDialog({ mode: 'create' })} />;
  const describe = (o: OutreachRecord) => `${o.requesterName}: ${o.title}, ${o.outreachDate}`;
  return (
    <>
      <TableList
        resource="outreach"
        columns={OUTREACH.columns}
        filters={[...(OUTREACH.filters ?? []).map((f) => inputOf(f, { alwaysOn: true })), ...dateFilters()]}
        sort={{ field: 'createdAt', order: 'DESC' }}
        toolbar={add}
        empty={<EmptyNote text="resources.outreach.empty" action={add} />}
        rowActions={
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap' }}>
            <HistoryButton onOpen={setViewing} name={(r) => describe(r as OutreachRecord)} />
            <DecideButtons onDecide={setDeciding} right={P.approveOutreach} name={(r) => describe(r as OutreachRecord)} />
            <OwnPendingActions onEdit={(id) => setDialog({ mode: 'edit', id })} name={(r) => (r as OutreachRecord).title} />
            <ReportButton onReport={setReport} />
          </Box>
        }
      />
      <CrudFormDialog definition={OUTREACH} state={dialog} onClose={() => setDialog(null)} />
      {deciding && (
        <DecisionDialog
          deciding={deciding}
          summary={describe(deciding.record as OutreachRecord)}
          call={(p) => api.decideOutreach(p)}
          onClose={() => setDeciding(null)}
        />
      )}
      {report && <ReportDialog target={report} onClose={() => setReport(null)} />}
      {viewing && <HistoryDialog viewing={viewing} load={api.outreachDetail} onClose={() => setViewing(null)} />}
    </>
  );
}

/** One convert's row: on the first-timer list already, or a button that sends them there. */
function ConvertRow({ convert, reportId, onSent }: { convert: Convert; reportId: string; onSent: (report: ReportRecord) => void }) {
  const translate = useTranslate();
  const api = useDataProvider<FlockDataProvider>();
  const notify = useNotify();
  const { permissions } = usePermissions<string[]>();
  const { loading, error, run } = useRemoteOperation<{ report: ReportRecord }>();
  const name = `${convert.firstName} ${convert.surName}`;
  const mayConvert = permissions?.includes(P.updateOutreach) || permissions?.includes(P.createFirstTimers);
  const send = async () => {
    const result = await run(() => api.convertToFirstTimer({ reportId, convertId: convert.id }).then((r) => r.data));
    if (!result.ok) return;
    notify('flock.gatherings.converted_toast', { type: 'success', messageArgs: { name } });
    onSent(result.result.report);
  };
  return (
    <TableRow>
      <TableCell>{name}</TableCell>
      <TableCell>{convert.phone}</TableCell>
      <TableCell>{convert.email}</TableCell>
      <TableCell>{convert.decision}</TableCell>
      <TableCell>{translate(convert.followUp ? 'flock.crud.yes' : 'flock.crud.no')}</TableCell>
      <TableCell align="right">
        {convert.firstTimerId ? (
          <Chip size="small" color="success" label={translate('flock.gatherings.on_first_timer_list')} />
        ) : (
          mayConvert && (
            <Button size="small" onClick={send} loading={loading} aria-label={translate('flock.gatherings.send_of', { name })}>
              {translate('flock.gatherings.send_to_first_timers')}
            </Button>
          )
        )}
        {error && (
          <Typography color="error" variant="caption" component="div" role="alert">
            {error}
          </Typography>
        )}
      </TableCell>
    </TableRow>
  );
}

/** A report's converts, each of whom can be sent to the first-timer list in one action. */
function ConvertsDialog({ report, onClose }: { report: ReportRecord; onClose: () => void }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const titleId = useId();
  const [current, setCurrent] = useState(report);
  const columns = ['name', 'phone', 'email', 'decision', 'followUp'];
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{translate('flock.gatherings.converts_title', { title: report.title })}</DialogTitle>
      <DialogContent dividers>
        {current.detailOfConverts.length === 0 ? (
          <Alert severity="info">{translate('flock.gatherings.no_converts')}</Alert>
        ) : (
          <TableContainer>
            <Table size="small">
              <TableHead>
                <TableRow>
                  {columns.map((c) => (
                    <TableCell key={c}>{translate(`flock.gatherings.convert.${c}`)}</TableCell>
                  ))}
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {current.detailOfConverts.map((c) => (
                  <ConvertRow
                    key={c.id}
                    convert={c}
                    reportId={report.id}
                    onSent={(r) => {
                      setCurrent(r);
                      refresh();
                    }}
                  />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function ReportActions({ onConverts, onEdit }: { onConverts: (r: ReportRecord) => void; onEdit: (r: ReportRecord) => void }) {
  const translate = useTranslate();
  const record = useRecordContext<ReportRecord>();
  const { identity } = useGetIdentity();
  const { permissions } = usePermissions<string[]>();
  if (!record) return null;
  const mayEdit = record.userId === identity?.id || permissions?.includes(P.updateOutreach);
  return (
    <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end' }}>
      <Button size="small" onClick={() => onConverts(record)}>
        {translate('flock.gatherings.converts')}
      </Button>
      {mayEdit && (
        <Button size="small" onClick={() => onEdit(record)} aria-label={translate('flock.gatherings.edit_of', { name: record.title })}>
          {translate('flock.crud.edit')}
        </Button>
      )}
    </Box>
  );
}

const REPORT_COLUMNS: ColumnDef[] = [
  { source: 'title', sortable: true },
  { source: 'dateHeld', kind: 'date', sortable: true },
  { source: 'attendance', kind: 'number', sortable: true },
  { source: 'soulsReached', kind: 'number', sortable: true },
  { source: 'convertCount', kind: 'number' },
  { source: 'requesterName' },
  { source: 'testimonies' },
];

function ReportsTab() {
  const [converts, setConverts] = useState<ReportRecord | null>(null);
  const [editing, setEditing] = useState<ReportRecord | null>(null);
  return (
    <>
      <TableList
        resource="outreachReports"
        columns={REPORT_COLUMNS}
        filters={dateFilters()}
        sort={{ field: 'dateHeld', order: 'DESC' }}
        empty={<EmptyNote text="resources.outreachReports.empty" />}
        rowActions={<ReportActions onConverts={setConverts} onEdit={setEditing} />}
      />
      {converts && <ConvertsDialog report={converts} onClose={() => setConverts(null)} />}
      {editing && <ReportDialog target={{ mode: 'edit', report: editing }} onClose={() => setEditing(null)} />}
    </>
  );
}

/** /outreach: the requests (file, change, approve or reject, report) and the reports with their converts. */
export function OutreachPage() {
  const translate = useTranslate();
  const [tab, setTab] = useState<'requests' | 'reports'>('requests');
  return (
    <>
      <PageHeader title={translate('flock.routes.outreach.title')} subtitle={translate('flock.gatherings.outreach_intro')} />
      <Tabs value={tab} onChange={(_e, key: 'requests' | 'reports') => setTab(key)} sx={{ mb: 1 }} variant="scrollable">
        <Tab value="requests" label={translate('flock.gatherings.tabs.requests')} />
        <Tab value="reports" label={translate('flock.gatherings.tabs.reports')} />
      </Tabs>
      {tab === 'requests' ? <RequestsTab /> : <ReportsTab />}
    </>
  );
}
