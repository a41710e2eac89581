import { z } from 'zod';
import { idField, optionalText, requiredText, withId } from '@/domain/common/fields.js';

/** CIH zones' and centers' forms; the server validates with them and the web forms reuse them. */

const zoneShape = { zoneName: requiredText('Zone name'), description: optionalText('Description') };
export const zoneSchema = z.object(zoneShape);
export const zoneUpdateSchema = withId(zoneShape);
export type ZoneInput = z.input<typeof zoneSchema>;

const centerShape = {
  centerName: requiredText('Center name'),
  zoneId: idField('Zone'),
  address: optionalText('Address', 300),
};
export const centerSchema = z.object(centerShape);
export const centerUpdateSchema = withId(centerShape);
export type CenterInput = z.input<typeof centerSchema>;
