import { useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Box, Button, Chip, LinearProgress, Link, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { GOAL_METRICS, GOAL_SCOPES } from '@/domain/goals/metrics';
import { selectFilter } from '@/src/common/peopleFilters';
import { EmptyNote, PageHeader } from '@/src/common/crud';
import { TableList } from '@/src/common/crud/TableList';
import type { ColumnDef } from '@/src/common/crud/types';
import { GoalDetail } from './GoalDetail';
import { GoalDialog } from './GoalDialog';
import type { Goal } from './goalText';
import { useAllows } from '@/src/authProvider/useAllows';

const STATUS_COLOR = { reached: 'success', onTrack: 'primary', behind: 'warning', ended: 'default', notStarted: 'default' } as const;

function Progress({ goal }: { goal: Goal }) {
  const translate = useTranslate();
  return (
    <Box sx={{ minWidth: 140 }}>
      <LinearProgress
        variant="determinate"
        value={Math.round(goal.fraction * 100)}
        aria-label={translate('flock.goals.progress_of', { title: goal.title })}
        sx={{ height: 8, borderRadius: 4 }}
      />
      <Typography variant="caption">{translate('flock.goals.value_of', { value: goal.value, target: goal.target })}</Typography>
    </Box>
  );
}

function Label({ k }: { k: string }) {
  return <>{useTranslate()(k)}</>;
}

/** /goals: each goal's progress bar, value today, the pace needed and whether it is on track; a goal opens its chart. */
export function GoalsPage() {
  const translate = useTranslate();
  const creates = useAllows('goals', 'create');
  const [adding, setAdding] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  const columns = useMemo<ColumnDef[]>(
    () => [
      {
        source: 'title',
        sortable: true,
        render: (r) => (
          <Link component="button" type="button" onClick={() => setOpen(r.id)} sx={{ textAlign: 'left' }}>
            {r.title}
          </Link>
        ),
      },
      { source: 'placeName', render: (r) => r.placeName ?? <Label k="flock.goals.scopes.church" /> },
      { source: 'metric', sortable: true, render: (r) => <Label k={`flock.goals.metrics.${r.metric}`} /> },
      { source: 'value', render: (r) => <Progress goal={r as Goal} /> },
      { source: 'pacePerWeek' },
      {
        source: 'status',
        render: (r) => (
          <Chip size="small" color={STATUS_COLOR[r.status as Goal['status']]} label={<Label k={`flock.goals.statuses.${r.status}`} />} />
        ),
      },
      { source: 'endDate', kind: 'date', sortable: true },
      { source: 'ownerName' },
    ],
    [],
  );
  const filters = [
    selectFilter('scope', GOAL_SCOPES, (s) => translate(`flock.goals.scopes.${s}`)),
    selectFilter('metric', GOAL_METRICS, (m) => translate(`flock.goals.metrics.${m}`)),
    selectFilter('active', ['true'], () => translate('flock.goals.active'), { alwaysOn: false }),
  ];
  return (
    <>
      <PageHeader
        title={translate('flock.routes.goals.title')}
        subtitle={translate('flock.goals.intro')}
        actions={
          creates && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
              {translate('flock.goals.add')}
            </Button>
          )
        }
      />
      <TableList resource="goals" columns={columns} filters={filters} empty={<EmptyNote text="flock.goals.empty" />} />
      {adding && <GoalDialog onClose={() => setAdding(false)} />}
      {open && <GoalDetail id={open} onClose={() => setOpen(null)} />}
    </>
  );
}
