import { useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { Box, Button, ButtonGroup, MenuItem, Paper, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { usePhone } from '@/src/common/RecordCards';
import { calendarDays, dayKey, shift, type CalendarView } from './calendarDays';
import { intlLocale } from '@/src/i18n/formats';

type Booking = { id: string; venueName: string; bookingDate: string; startTime: string; endTime: string; purpose: string; status: string };

/** Enough rows for a month of every venue's bookings in one call. */
const MONTH_OF_BOOKINGS = { page: 1, perPage: 1000 };
const EVERY_VENUE = { page: 1, perPage: 500 };

function BookingLine({ booking, showVenue }: { booking: Booking; showVenue: boolean }) {
  const translate = useTranslate();
  const pending = booking.status === 'pending';
  return (
    <Box
      component="li"
      sx={{
        fontSize: 12,
        mb: 0.5,
        px: 0.5,
        borderLeft: 3,
        borderColor: pending ? 'warning.main' : 'success.main',
        fontStyle: pending ? 'italic' : 'normal',
      }}
    >
      {booking.startTime.slice(0, 5)}–{booking.endTime.slice(0, 5)} {showVenue && <strong>{booking.venueName}: </strong>}
      {booking.purpose}
      {pending && ` (${translate('flock.gatherings.statuses.pending')})`}
    </Box>
  );
}

/**
 * The bookings of one venue or of every venue, by month or week: approved ones solid, pending
 * ones in italics (rejected and withdrawn ones are left out). A phone shows the days with
 * bookings as a list.
 */
export function BookingCalendar() {
  const translate = useTranslate();
  const phone = usePhone();
  const [view, setView] = useState<CalendarView>('month');
  const [anchor, setAnchor] = useState(() => dayKey(new Date()));
  const [venueId, setVenueId] = useState('');
  const days = calendarDays(view, anchor);
  const { data: venues = [] } = useGetList('venues', { pagination: EVERY_VENUE, sort: { field: 'name', order: 'ASC' } });
  const { data = [], isPending } = useGetList<Booking & { id: string }>('venueBookings', {
    pagination: MONTH_OF_BOOKINGS,
    sort: { field: 'startTime', order: 'ASC' },
    filter: { from: days[0], to: days[days.length - 1], ...(venueId && { venueId }) },
  });
  const shown = data.filter((b) => b.status === 'approved' || b.status === 'pending');
  const byDay = (day: string) => shown.filter((b) => b.bookingDate === day);
  const month = new Date(`${anchor}T00:00:00Z`).toLocaleDateString(intlLocale(), { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const dayLabel = (day: string) =>
    new Date(`${day}T00:00:00Z`).toLocaleDateString(intlLocale(), { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
  const weekday = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString(intlLocale(), { weekday: 'short', timeZone: 'UTC' });
  const today = dayKey(new Date());
  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
        <ButtonGroup size="small">
          <Button aria-label={translate('flock.gatherings.calendar.previous')} onClick={() => setAnchor(shift(view, anchor, -1))}>
            <ChevronLeftIcon />
          </Button>
          <Button onClick={() => setAnchor(dayKey(new Date()))}>{translate('flock.gatherings.calendar.today')}</Button>
          <Button aria-label={translate('flock.gatherings.calendar.next')} onClick={() => setAnchor(shift(view, anchor, 1))}>
            <ChevronRightIcon />
          </Button>
        </ButtonGroup>
        <Typography component="h2" variant="h6" sx={{ flexGrow: 1 }} aria-live="polite">
          {view === 'month' ? month : `${dayLabel(days[0])} – ${dayLabel(days[6])}`}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={view}
          onChange={(_e, v: CalendarView | null) => v && setView(v)}
          aria-label={translate('flock.gatherings.calendar.view')}
        >
          <ToggleButton value="month">{translate('flock.gatherings.calendar.month')}</ToggleButton>
          <ToggleButton value="week">{translate('flock.gatherings.calendar.week')}</ToggleButton>
        </ToggleButtonGroup>
        <TextField
          select
          size="small"
          label={translate('flock.gatherings.calendar.venue')}
          value={venueId}
          onChange={(e) => setVenueId(e.target.value)}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{translate('flock.gatherings.calendar.all_venues')}</MenuItem>
          {venues.map((v) => (
            <MenuItem key={v.id} value={v.id}>
              {v.name}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {!isPending && shown.length === 0 && <Typography sx={{ my: 2 }}>{translate('flock.gatherings.calendar.empty')}</Typography>}
      {phone ? (
        <Box component="ul" sx={{ listStyle: 'none', p: 0 }}>
          {days
            .filter((day) => byDay(day).length)
            .map((day) => (
              <Box component="li" key={day} sx={{ mb: 1 }}>
                <Typography variant="subtitle2">{dayLabel(day)}</Typography>
                <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                  {byDay(day).map((b) => (
                    <BookingLine key={b.id} booking={b} showVenue={!venueId} />
                  ))}
                </Box>
              </Box>
            ))}
        </Box>
      ) : (
        <>
          {view === 'month' && (
            // The weekday over each column, for the eye: each day's own label already names its weekday.
            <Box aria-hidden sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: 0.5, mb: 0.5 }}>
              {days.slice(0, 7).map((day) => (
                <Typography key={day} variant="caption" sx={{ fontWeight: 'bold', textAlign: 'center' }}>
                  {weekday(day)}
                </Typography>
              ))}
            </Box>
          )}
          {/* A list of days, each labelled: its cells are not interactive, so not an ARIA grid. */}
          <Box
            role="list"
            aria-label={translate('flock.gatherings.calendar.title')}
            sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: 0.5 }}
          >
            {days.map((day) => (
              <Paper
                key={day}
                role="listitem"
                variant="outlined"
                aria-label={dayLabel(day)}
                aria-current={day === today ? 'date' : undefined}
                sx={{
                  minHeight: view === 'month' ? 90 : 240,
                  p: 0.5,
                  opacity: view === 'month' && day.slice(0, 7) !== anchor.slice(0, 7) ? 0.5 : 1,
                  ...(day === today && { borderColor: 'primary.main', borderWidth: 2 }),
                }}
              >
                <Typography
                  variant="caption"
                  component="div"
                  sx={day === today ? { fontWeight: 'bold', color: 'primary.main' } : undefined}
                >
                  {view === 'month' ? Number(day.slice(8)) : dayLabel(day)}
                </Typography>
                <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                  {byDay(day).map((b) => (
                    <BookingLine key={b.id} booking={b} showVenue={!venueId} />
                  ))}
                </Box>
              </Paper>
            ))}
          </Box>
        </>
      )}
    </Box>
  );
}
