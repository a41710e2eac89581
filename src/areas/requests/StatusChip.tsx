import { useTranslate } from 'react-admin';
import { Chip, type ChipProps } from '@mui/material';
import type { MemberRequestStatus } from '@/domain/common/enums';

const COLOR: Record<MemberRequestStatus, ChipProps['color']> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'error',
  cancelled: 'default',
};

export function StatusChip({ status }: { status: MemberRequestStatus }) {
  const translate = useTranslate();
  return <Chip size="small" color={COLOR[status]} label={translate(`flock.requests.statuses.${status}`)} />;
}
