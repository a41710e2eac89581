import { useState, type ReactElement, type ReactNode } from 'react';
import { Confirm, useNotify, useRefresh, useTranslate } from 'react-admin';
import { Button, type ButtonProps } from '@mui/material';
import type { CustomResult } from '@/src/dataProvider';
import { useRemoteOperation } from './useRemoteOperation';

export type ConfirmCall = {
  title: ReactNode;
  content: ReactNode;
  /** The call the confirmation runs; its answer's message is the success toast. */
  call: () => Promise<CustomResult>;
};

/**
 * Asks before it runs one API call, then shows the server's message and refreshes the lists
 * (a disabled user's chip, a converted first-timer leaving the list). `ask` opens the question;
 * `dialog` is to be rendered beside whatever calls it.
 */
export function useConfirmCall({ title, content, call }: ConfirmCall) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const { loading, run } = useRemoteOperation<CustomResult>();

  const confirm = async () => {
    const outcome = await run(call);
    setOpen(false);
    if (!outcome.ok) return notify(outcome.error.message, { type: 'error' });
    notify(outcome.result.message || 'flock.people.done', { type: 'success' });
    refresh();
  };

  const dialog = (
    <Confirm
      isOpen={open}
      loading={loading}
      title={title}
      content={content}
      confirm="flock.people.confirm"
      cancel="flock.crud.cancel"
      onConfirm={confirm}
      onClose={() => setOpen(false)}
    />
  );
  return { ask: () => setOpen(true), dialog };
}

type Props = {
  /**
   * The texts' key: `<action>` labels the button, `<action>_name` names it for one row of a
   * table, `<action>_title` and `<action>_content` ask the question; each gets `args`.
   */
  action: string;
  args: Record<string, string>;
  call: ConfirmCall['call'];
  icon?: ReactElement;
  color?: ButtonProps['color'];
};

/** A row's button that asks before it runs one API call (useConfirmCall). */
export function ConfirmCallButton({ action, args, call, icon, color = 'primary' }: Props) {
  const translate = useTranslate();
  const text = (suffix: string) => translate(`${action}${suffix}`, args);
  const { ask, dialog } = useConfirmCall({ title: text('_title'), content: text('_content'), call });
  return (
    <>
      <Button size="small" color={color} startIcon={icon} aria-label={text('_name')} onClick={ask}>
        {text('')}
      </Button>
      {dialog}
    </>
  );
}
