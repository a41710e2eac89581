import type { ActionItem, MeetingKind } from '@/domain/meetings/schemas';

export type Meeting = {
  id: string;
  title: string;
  kind: MeetingKind;
  startsAt: string;
  durationMinutes: number;
  venue: string | null;
  createdBy: string | null;
  createdByName: string | null;
  inviteeCount: number;
};

export type MeetingDetail = Meeting & {
  agenda: string[];
  minutes: string | null;
  actionItems: Array<ActionItem & { ownerName: string | null }>;
  invitees: Array<{ userId: string; fullName: string | null; attended: boolean | null }>;
};
