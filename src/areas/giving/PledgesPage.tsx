import { useState } from 'react';
import { useRefresh, useTranslate } from 'react-admin';
import { Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useAllows } from '@/src/authProvider/useAllows';
import { PageHeader } from '@/src/common/crud';
import { PledgeForm } from './PledgeForm';
import { PledgeList } from './PledgeList';
import { tp } from './pledgeText';

/** /giving/pledges: every pledge with its progress; counters record one here. */
export function PledgesPage() {
  const translate = useTranslate();
  const refresh = useRefresh();
  const records = useAllows('pledges', 'edit');
  const [adding, setAdding] = useState(false);
  const addButton = records && (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)} sx={{ minHeight: 44 }}>
      {translate(tp('add_pledge'))}
    </Button>
  );
  return (
    <>
      <PageHeader title={translate('flock.routes.pledges.title')} subtitle={translate(tp('pledges_intro'))} actions={addButton} />
      <PledgeList />
      {adding && (
        <PledgeForm
          start={{}}
          onClose={() => setAdding(false)}
          onSaved={() => {
            setAdding(false);
            refresh();
          }}
        />
      )}
    </>
  );
}
