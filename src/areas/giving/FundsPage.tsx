import { useState, type FormEvent } from 'react';
import { useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import { Alert, Button, Card, CardContent, Chip, List, ListItem, ListItemText, Stack, TextField } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { Fund } from '@/domain/giving/schemas';
import { useAllows } from '@/src/authProvider/useAllows';
import { PageHeader } from '@/src/common/crud';
import { useRemoteOperation } from '@/src/common/useRemoteOperation';
import type { FlockDataProvider } from '@/src/dataProvider';
import { t, useFunds } from './givingText';

/** Adding a fund: a name the church has not used yet (the server refuses one that differs only in case). */
function AddFund() {
  const translate = useTranslate();
  const api = useDataProvider<FlockDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [name, setName] = useState('');
  const { loading, error, run } = useRemoteOperation();
  const add = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = await run(() => api.createGivingFund({ name }));
    if (!outcome.ok) return;
    notify(t('fund_added'), { type: 'success' });
    setName('');
    refresh();
  };
  return (
    <Card component="form" onSubmit={add} aria-label={translate(t('add_fund'))}>
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            label={translate(t('fund_name'))}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            fullWidth
            slotProps={{ htmlInput: { maxLength: 60 } }}
          />
          <Button
            type="submit"
            variant="contained"
            startIcon={<AddIcon />}
            loading={loading}
            disabled={!name.trim()}
            sx={{ minHeight: 56 }}
          >
            {translate(t('add_fund'))}
          </Button>
        </Stack>
        {error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {error}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}

/** Retiring a fund, once asked: it takes no new gifts, what was given to it stays. */
function RetireButton({ fund }: { fund: Fund }) {
  const translate = useTranslate();
  const api = useDataProvider<FlockDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [asking, setAsking] = useState(false);
  const { loading, run } = useRemoteOperation();
  const retire = async () => {
    const outcome = await run(() => api.retireGivingFund({ id: fund.id }));
    notify(outcome.ok ? t('fund_retired') : outcome.error.message, { type: outcome.ok ? 'success' : 'error' });
    setAsking(false);
    refresh();
  };
  if (!asking)
    return (
      <Button onClick={() => setAsking(true)} sx={{ minHeight: 44 }} aria-label={translate(t('retire_named'), { name: fund.name })}>
        {translate(t('retire'))}
      </Button>
    );
  return (
    <Button color="warning" variant="contained" onClick={retire} loading={loading} sx={{ minHeight: 44 }}>
      {translate(t('retire_confirm'), { name: fund.name })}
    </Button>
  );
}

/** /giving/funds: the funds in use, then the retired ones (their history stays); the office adds and retires them. */
export function FundsPage() {
  const translate = useTranslate();
  const manages = useAllows('givingFunds', 'edit');
  const { funds, isPending } = useFunds();
  return (
    <Stack spacing={2} sx={{ mb: 2 }}>
      <PageHeader title={translate('flock.routes.givingFunds.title')} subtitle={translate(t('funds_intro'))} />
      {manages && <AddFund />}
      <Card>
        <List aria-label={translate('flock.routes.givingFunds.title')} aria-busy={isPending}>
          {funds.map((fund) => (
            <ListItem key={fund.id} sx={{ minHeight: 56, gap: 1, flexWrap: 'wrap' }}>
              <ListItemText
                primary={fund.name}
                secondary={fund.retiredAt && <Chip size="small" component="span" label={translate(t('retired'))} />}
              />
              {manages && !fund.retiredAt && <RetireButton fund={fund} />}
            </ListItem>
          ))}
        </List>
      </Card>
    </Stack>
  );
}
