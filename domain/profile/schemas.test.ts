import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  biodataSchema,
  changeZoneRequestSchema,
  childSchema,
  childUpdateSchema,
  churchAffiliationSchema,
  employerSchema,
  joinAffinityGroupRequestSchema,
  joinDepartmentRequestSchema,
  qualificationSchema,
  spouseSchema,
} from './schemas.js';
import { latestToday } from '@/domain/common/dates.js';

const userId = '0b6f3b1e-6a57-4c1c-9d51-1f4b7d7c1a10';
const id = '5f0c2f0e-2b1a-4a57-8a55-0c6d3e1e2f44';

/** The first message for each field of a failed parse. */
function messages(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]).reverse());
}

const tomorrow = () => {
  const d = new Date(`${latestToday()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

describe('personal information', () => {
  const valid = { userId, firstName: 'Ada', surName: 'Obi', email: 'ada@example.org', mobile1: '08012345678' };

  it('accepts the required fields alone', () => {
    expect(biodataSchema.safeParse(valid).success).toBe(true);
  });

  it("carries the spec's messages for the required fields", () => {
    expect(messages(biodataSchema, { userId })).toMatchObject({
      firstName: 'First name is required',
      surName: 'Last name is required',
      email: 'Email is required',
      mobile1: 'Mobile 1 is required',
    });
    expect(messages(biodataSchema, { ...valid, firstName: '  ' }).firstName).toBe('First name is required');
  });

  it('refuses an invalid email', () => {
    expect(messages(biodataSchema, { ...valid, email: 'not-an-email' }).email).toBe('Please enter a valid email address');
  });

  it('refuses a date of birth in the future, and accepts today', () => {
    expect(messages(biodataSchema, { ...valid, dateOfBirth: tomorrow() }).dateOfBirth).toBe('Date of birth cannot be in the future');
    expect(biodataSchema.safeParse({ ...valid, dateOfBirth: new Date().toISOString().slice(0, 10) }).success).toBe(true);
    expect(messages(biodataSchema, { ...valid, dateOfBirth: '1990-02-30' }).dateOfBirth).toBe('Date of birth must be a date (YYYY-MM-DD)');
    for (const dateOfBirth of ['0000-01-01', '1899-12-31']) {
      expect(messages(biodataSchema, { ...valid, dateOfBirth }).dateOfBirth).toBe(
        'Date of birth must be between 1900-01-01 and 2199-12-31',
      );
    }
  });

  it('refuses a title that does not go with the gender', () => {
    expect(messages(biodataSchema, { ...valid, title: 'Mr', gender: 'Female' }).gender).toBe('The title Mr goes with the gender Male');
    expect(biodataSchema.safeParse({ ...valid, title: 'Miss', gender: 'Female' }).success).toBe(true);
  });

  it('takes the status as true or false, also from the strings of a select', () => {
    expect(biodataSchema.parse({ ...valid, demise: 'True' }).demise).toBe(true);
    expect(messages(biodataSchema, { ...valid, demise: 'maybe' }).demise).toBe('Status must be true or false');
  });

  it('refuses values outside the enumerations', () => {
    expect(messages(biodataSchema, { ...valid, maritalStatus: 'Engaged' }).maritalStatus).toMatch(
      /^Marital status must be one of: Married, Single/,
    );
    expect(biodataSchema.safeParse({ ...valid, maritalStatus: 'Widow/Remarried', employmentStatus: 'Employed' }).success).toBe(true);
  });
});

describe('qualification', () => {
  it("requires the highest qualification with 'This field is required'", () => {
    expect(messages(qualificationSchema, { userId }).highestQualification).toBe('This field is required');
    expect(messages(qualificationSchema, { userId, highestQualification: 'PhD' }).highestQualification).toBe(
      'Choose one of: OND, HND, B.Sc',
    );
    expect(qualificationSchema.safeParse({ userId, highestQualification: 'B.Sc' }).success).toBe(true);
  });
});

describe('spouse', () => {
  it('requires names, a valid email and mobile 1', () => {
    expect(messages(spouseSchema, { userId, email: 'x' })).toMatchObject({
      firstName: 'First name is required',
      surName: 'Last name is required',
      email: 'Please enter a valid email address',
      mobile1: 'Mobile 1 is required',
    });
  });
});

describe('child', () => {
  const child = { userId, firstName: 'Tobi', surName: 'Obi' };

  it('needs no position on create', () => {
    expect(childSchema.safeParse(child).success).toBe(true);
  });

  it('requires a numeric position in the edit form', () => {
    expect(messages(childUpdateSchema, { ...child, id }).position).toBe('Position field is required');
    expect(messages(childUpdateSchema, { ...child, id, position: 'first' }).position).toBe('Position must be a number');
    expect(childUpdateSchema.parse({ ...child, id, position: '2' }).position).toBe(2);
  });
});

describe('employer', () => {
  it('has only optional fields', () => {
    expect(employerSchema.safeParse({ userId }).success).toBe(true);
  });

  it('wants a sub-sector of the chosen sector', () => {
    expect(employerSchema.safeParse({ userId, sector: 'Agriculture', subSector: 'Poultry' }).success).toBe(true);
    expect(messages(employerSchema, { userId, sector: 'Healthcare', subSector: 'Poultry' }).subSector).toBe(
      'Choose a sub-sector of the chosen sector',
    );
    expect(messages(employerSchema, { userId, sector: 'Farming' }).sector).toBe('Choose a sector from the list');
  });
});

describe('church affiliation', () => {
  it("drops 'none' from the affinity groups and takes the level as 1 or 2", () => {
    const parsed = churchAffiliationSchema.parse({ userId, affinityGroup: ['Youth', 'NONE'], levelOfATS: 2, charteredMember: 'False' });
    expect(parsed).toMatchObject({ affinityGroup: ['Youth'], levelOfATS: '2', charteredMember: false });
    expect(messages(churchAffiliationSchema, { userId, levelOfATS: '3' }).levelOfATS).toBe('Level of ATS must be one of: 1, 2');
  });
});

describe('requests', () => {
  it('requires department and reason for a department request', () => {
    expect(messages(joinDepartmentRequestSchema, { userId })).toMatchObject({
      department: 'Department is required',
      reason: 'Reason is required',
    });
  });

  it('requires the zone for a zone request', () => {
    expect(messages(changeZoneRequestSchema, { userId }).newCihZone).toBe('Zone is required');
    expect(changeZoneRequestSchema.safeParse({ userId, newCihZone: 'Ikeja' }).success).toBe(true);
  });

  it('leaves both fields of the affinity request optional', () => {
    expect(joinAffinityGroupRequestSchema.safeParse({ userId }).success).toBe(true);
  });
});
