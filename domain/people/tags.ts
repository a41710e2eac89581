import { z } from 'zod';
import { idField, requiredText } from '@/domain/common/fields.js';

/**
 * Tags on people (docs/decisions/0212-tags-and-bulk-actions.md): the office defines them (a name
 * unique without case, an optional colour from a fixed palette) and adds or removes them on the
 * people of its member list, one or many at once.
 */

/** The palette: names, not colour codes, so the web app picks shades that read in light and dark. */
export const TAG_COLOURS = ['grey', 'red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple', 'pink'] as const;
export type TagColour = (typeof TAG_COLOURS)[number];

/** The most people one call tags or untags: one transaction of bounded size. */
export const MAX_TAGGED_AT_ONCE = 1000;

export type Tag = { id: string; name: string; colour: TagColour | null; people: number };

/** A tag as a person's profile and the member list show it. */
export type PersonTag = { id: string; name: string; colour: TagColour | null };

const colourField = z
  .enum(TAG_COLOURS, { error: `Colour must be one of ${TAG_COLOURS.join(', ')}` })
  .nullable()
  .optional();

const tagShape = { name: requiredText('Name', 40), colour: colourField };

export const tagCreateSchema = z.object(tagShape);
export const tagUpdateSchema = z.object({ id: idField(), ...tagShape });

const TAG_ACTIONS = ['add', 'remove'] as const;

/** Add or remove one tag on a bounded list of people, all or none. */
export const tagApplySchema = z.object({
  tagId: idField('TagId'),
  action: z.enum(TAG_ACTIONS, { error: "Action must be 'add' or 'remove'" }),
  userIds: z
    .array(idField('UserIds'), { error: 'UserIds must be a list of user ids' })
    .min(1, 'Select at least one person')
    .max(MAX_TAGGED_AT_ONCE, `At most ${MAX_TAGGED_AT_ONCE} people at once`),
});

/** The member list's filter: one tag id or several (a person must hold every one). */
export const tagFilterField = z
  .union([idField('Tag'), z.array(idField('Tag')).max(10, 'Filter by at most 10 tags')])
  .optional()
  .transform((v) => (v === undefined ? undefined : [...new Set([v].flat())]));

/** The member list's selection (Id, one or more): the rows an 'Export selected' asks for. */
export const selectionField = z
  .union([idField('Id'), z.array(idField('Id')).max(MAX_TAGGED_AT_ONCE, `Select at most ${MAX_TAGGED_AT_ONCE} people`)])
  .optional()
  .transform((v) => (v === undefined ? undefined : [v].flat()));
