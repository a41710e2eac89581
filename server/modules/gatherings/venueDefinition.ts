import { count, eq } from 'drizzle-orm';
import { z } from 'zod';
import { P } from '@/domain/roles/permissions.js';
import { gatheringsCalls } from '@/domain/gatherings/calls.js';
import { venueBookings, venues } from '@/server/db/schema/index.js';
import { blockedBy, type EntityDefinition } from '@/server/engines/crud.js';

/** The venues as a generic CRUD entity (CAN_*_VENUES); a venue with bookings is not deleted. */
export const venue: EntityDefinition = {
  noun: 'venue',
  entity: 'venue',
  tag: 'Venues',
  table: venues,
  calls: {
    create: gatheringsCalls.createVenue,
    update: gatheringsCalls.updateVenue,
    remove: gatheringsCalls.deleteVenue,
    getAll: gatheringsCalls.getAllVenue,
    getById: gatheringsCalls.getVenueById,
  },
  // Members choose a venue when they book one.
  access: { read: { signedIn: true }, create: P.createVenues, update: P.updateVenues, remove: P.deleteVenues },
  search: [venues.name, venues.address],
  sort: { name: venues.name, capacity: venues.capacity, createdAt: venues.createdAt, isActive: venues.isActive },
  filters: {
    shape: { isActive: z.stringbool({ error: 'IsActive must be true or false' }).optional() },
    where: (q) => [q.isActive === undefined ? undefined : eq(venues.isActive, q.isActive)],
  },
  unique: [{ field: 'name', column: venues.name, index: 'venues_name_key', message: (v) => `There is already a venue named ${v}` }],
  async inUse(tx, row) {
    const [{ n }] = await tx.select({ n: count() }).from(venueBookings).where(eq(venueBookings.venueId, row.id));
    return blockedBy('venue', [[n, 'booking']]);
  },
};
