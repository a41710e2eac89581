import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { PLATFORM_ROLES } from '@/domain/roles/roles.js';
import type { Db, Tx } from '@/server/db/client.js';
import {
  affinityGroups,
  meansOfIdentification,
  ministries,
  mountainsOfInfluence,
  biodata,
  centers,
  churchAffiliations,
  cihAttendanceMarks,
  cihMeetings,
  cihVisitors,
  departments,
  userDepartments,
  userRoles,
  users,
  zones,
} from '@/server/db/schema/index.js';
import { hashPassword, type PasswordCost } from '@/server/modules/auth/passwords.js';
import { roleIds } from './base.js';
import { seedAppointmentHours } from './appointments.js';
import { seedGatherings } from './gatherings.js';

/**
 * The demo church (SEED_DEMO, README.md: Configuration): zones and centers, departments, affinity
 * groups and about 200 people across every role, among them one account per role at a fixed
 * address. Everything comes from a seeded generator, so every machine gets the same church.
 */

type PlatformRole = (typeof PLATFORM_ROLES)[number];
type CihRole = 'cihpastor' | 'cihcoordinator';
type Gender = 'Male' | 'Female';

/** When this account exists the demo church is already there. */
const MARKER_EMAIL = 'member@example.org';
const EMAIL_DOMAIN = 'example.org';
/** Ages are reckoned from a fixed day, so the data does not depend on when it is seeded. */
const REFERENCE_YEAR = 2025;
const SEED = 0x5eedf10c;
const PEOPLE = 200;
const BATCH = 250;

// ---------------------------------------------------------------- reference data

const ZONES = [
  {
    zoneName: 'Lekki Zone',
    description: 'Lekki, Ajah and Victoria Island',
    state: 'Lagos',
    lga: 'Eti-Osa',
    streets: [
      'Admiralty Way, Lekki Phase 1',
      'Fola Osibo Road, Lekki Phase 1',
      'Ologolo Road, Agungi',
      'Chevron Drive, Lekki',
      'Abraham Adesanya Road, Ajah',
      'Ligali Ayorinde Street, Victoria Island',
    ],
    busStops: ['Lekki Phase 1 Gate', 'Jakande', 'Agungi', 'Chevron', 'Abraham Adesanya', 'Ajah Roundabout'],
    centers: [
      { centerName: 'Lekki Phase 1 Center', address: '14 Admiralty Way, Lekki Phase 1, Lagos' },
      { centerName: 'Ajah Center', address: '7 Addo Road, Ajah, Lagos' },
      { centerName: 'Victoria Island Center', address: '22 Adeola Odeku Street, Victoria Island, Lagos' },
    ],
  },
  {
    zoneName: 'Ikeja Zone',
    description: 'Ikeja, Ogba and Maryland',
    state: 'Lagos',
    lga: 'Ikeja',
    streets: [
      'Allen Avenue, Ikeja',
      'Opebi Road, Ikeja',
      'Isaac John Street, GRA Ikeja',
      'Obafemi Awolowo Way, Ikeja',
      'Ijaiye Road, Ogba',
      'Mobolaji Bank Anthony Way, Maryland',
    ],
    busStops: ['Allen Roundabout', 'Opebi', 'Ikeja Along', 'Ogba Bus Stop', 'Maryland', 'Computer Village'],
    centers: [
      { centerName: 'Allen Avenue Center', address: '31 Allen Avenue, Ikeja, Lagos' },
      { centerName: 'Ogba Center', address: '5 Ijaiye Road, Ogba, Lagos' },
      { centerName: 'GRA Ikeja Center', address: '9 Isaac John Street, GRA Ikeja, Lagos' },
    ],
  },
  {
    zoneName: 'Surulere Zone',
    description: 'Surulere, Aguda and Ojuelegba',
    state: 'Lagos',
    lga: 'Surulere',
    streets: [
      'Adeniran Ogunsanya Street, Surulere',
      'Bode Thomas Street, Surulere',
      'Ogunlana Drive, Aguda',
      'Akerele Street, Surulere',
      'Western Avenue, Ojuelegba',
      'Randle Avenue, Surulere',
    ],
    busStops: ['Adeniran Ogunsanya', 'Bode Thomas', 'Aguda', 'Ojuelegba', 'Stadium', 'Barracks'],
    centers: [
      { centerName: 'Adeniran Ogunsanya Center', address: '45 Adeniran Ogunsanya Street, Surulere, Lagos' },
      { centerName: 'Aguda Center', address: '12 Ogunlana Drive, Aguda, Lagos' },
      { centerName: 'Bode Thomas Center', address: '60 Bode Thomas Street, Surulere, Lagos' },
    ],
  },
  {
    zoneName: 'Abuja Zone',
    description: 'Wuse, Garki and Gwarinpa',
    state: 'Abuja FCT',
    lga: 'Abuja Municipal',
    streets: [
      'Aminu Kano Crescent, Wuse 2',
      'Adetokunbo Ademola Crescent, Wuse 2',
      'Ahmadu Bello Way, Garki',
      'Ladoke Akintola Boulevard, Garki',
      '3rd Avenue, Gwarinpa',
      'Herbert Macaulay Way, Central Area',
    ],
    busStops: ['Banex Junction', 'Berger Roundabout', 'Area 11', 'Garki Market', 'Gwarinpa 1st Gate', 'Central Area'],
    centers: [
      { centerName: 'Wuse 2 Center', address: '18 Aminu Kano Crescent, Wuse 2, Abuja' },
      { centerName: 'Garki Center', address: '3 Ahmadu Bello Way, Garki, Abuja' },
      { centerName: 'Gwarinpa Center', address: '21 1st Avenue, Gwarinpa, Abuja' },
    ],
  },
] as const;

const DEPARTMENTS = [
  ['Choir', 'Leads praise and worship at every service'],
  ['Ushering', 'Welcomes and seats worshippers and keeps order'],
  ['Media', 'Photography, video, live streaming and social media'],
  ['Protocol', 'Receives guest ministers and visitors'],
  ['Children', "Teaches and cares for the children's church"],
  ['Sanctuary', 'Keeps the sanctuary clean and ready for worship'],
  ['Technical', 'Sound, lighting and stage equipment'],
  ['Welfare', 'Cares for members in need, the sick and the bereaved'],
] as const;

const AFFINITY_GROUPS = [
  {
    affinityGroupName: 'Teens',
    affinityGroupCode: 'TEENS',
    description: 'Teenagers in secondary school and early university',
    startAge: 13,
    endAge: 19,
    maritalStatus: null,
    gender: null,
  },
  {
    affinityGroupName: 'Young Adults',
    affinityGroupCode: 'YADULTS',
    description: 'Single young adults: career, purpose and relationships',
    startAge: 20,
    endAge: 35,
    maritalStatus: 'Single',
    gender: null,
  },
  {
    affinityGroupName: 'Young Married',
    affinityGroupCode: 'YMARRIED',
    description: 'Couples in their first years of marriage',
    startAge: 20,
    endAge: 40,
    maritalStatus: 'Married',
    gender: null,
  },
  {
    affinityGroupName: 'Men',
    affinityGroupCode: 'MEN',
    description: "The men's fellowship",
    startAge: 18,
    endAge: 99,
    maritalStatus: null,
    gender: 'Male',
  },
  {
    affinityGroupName: 'Women',
    affinityGroupCode: 'WOMEN',
    description: "The women's fellowship",
    startAge: 18,
    endAge: 99,
    maritalStatus: null,
    gender: 'Female',
  },
  {
    affinityGroupName: 'Seniors',
    affinityGroupCode: 'SENIORS',
    description: 'Members of sixty years and above',
    startAge: 60,
    endAge: 99,
    maritalStatus: null,
    gender: null,
  },
] as const;

const FIRST_NAMES: Record<Gender, readonly string[]> = {
  Male: [
    'Adebayo',
    'Chinedu',
    'Emeka',
    'Tunde',
    'Oluwaseun',
    'Ifeanyi',
    'Babajide',
    'Kelechi',
    'Segun',
    'Obinna',
    'Femi',
    'Uchenna',
    'Ibrahim',
    'Musa',
    'Yusuf',
    'Daniel',
    'Samuel',
    'David',
    'Joshua',
    'Michael',
    'Gbenga',
    'Kunle',
    'Tobi',
    'Chukwuemeka',
    'Nnamdi',
    'Olumide',
    'Efosa',
    'Osagie',
    'Ikenna',
    'Chidi',
    'Dayo',
    'Kayode',
    'Wale',
    'Godwin',
    'Peter',
    'Victor',
    'Emmanuel',
    'Tochukwu',
  ],
  Female: [
    'Adaeze',
    'Ngozi',
    'Chiamaka',
    'Funmilayo',
    'Folake',
    'Yetunde',
    'Bukola',
    'Nkechi',
    'Ifeoma',
    'Amaka',
    'Titilayo',
    'Temitope',
    'Aisha',
    'Fatima',
    'Hauwa',
    'Blessing',
    'Grace',
    'Esther',
    'Ruth',
    'Deborah',
    'Joy',
    'Patience',
    'Precious',
    'Chioma',
    'Oluwakemi',
    'Omolara',
    'Abimbola',
    'Ebele',
    'Eniola',
    'Modupe',
    'Toyin',
    'Sade',
    'Mercy',
    'Favour',
    'Comfort',
    'Halima',
    'Zainab',
    'Ifunanya',
  ],
};

const SURNAMES = [
  'Okafor',
  'Adeyemi',
  'Balogun',
  'Eze',
  'Okonkwo',
  'Ogunleye',
  'Bello',
  'Abubakar',
  'Nwosu',
  'Adebayo',
  'Olawale',
  'Ibekwe',
  'Akinola',
  'Ogundipe',
  'Oyelaran',
  'Chukwu',
  'Nwachukwu',
  'Okeke',
  'Obi',
  'Lawal',
  'Salami',
  'Afolabi',
  'Oladipo',
  'Ekwueme',
  'Igwe',
  'Obaseki',
  'Osagie',
  'Etim',
  'Bassey',
  'Effiong',
  'Danjuma',
  'Yusuf',
  'Adewale',
  'Olaniyan',
  'Ajayi',
  'Babatunde',
  'Onuoha',
  'Agbaje',
];

/** State of origin with a city in it, for the place of birth. */
const ORIGINS = [
  ['Lagos', 'Lagos'],
  ['Ogun', 'Abeokuta'],
  ['Oyo', 'Ibadan'],
  ['Osun', 'Osogbo'],
  ['Ondo', 'Akure'],
  ['Ekiti', 'Ado-Ekiti'],
  ['Kwara', 'Ilorin'],
  ['Anambra', 'Onitsha'],
  ['Enugu', 'Enugu'],
  ['Imo', 'Owerri'],
  ['Abia', 'Aba'],
  ['Delta', 'Warri'],
  ['Edo', 'Benin City'],
  ['Rivers', 'Port Harcourt'],
  ['Akwa Ibom', 'Uyo'],
  ['Cross River', 'Calabar'],
  ['Plateau', 'Jos'],
  ['Kaduna', 'Kaduna'],
  ['Kano', 'Kano'],
  ['Benue', 'Makurdi'],
  ['Kogi', 'Lokoja'],
  ['Abuja FCT', 'Abuja'],
] as const;

const MINISTRIES = [
  ['Music Ministry', 'MUS'],
  ["Children's Ministry", 'CHI'],
  ['Prayer Ministry', 'PRA'],
  ['Evangelism Ministry', 'EVA'],
];
const IDENTIFICATION = ['National Identity Card', 'International Passport', "Driver's Licence", "Voter's Card"];
const MOUNTAINS = ['Family', 'Religion', 'Education', 'Government', 'Media', 'Arts and Entertainment', 'Business'];
const MOBILE_PREFIXES = [
  '0803',
  '0806',
  '0813',
  '0816',
  '0703',
  '0706',
  '0805',
  '0807',
  '0815',
  '0802',
  '0808',
  '0812',
  '0701',
  '0902',
  '0909',
  '0810',
];

// ---------------------------------------------------------------- generator

/** mulberry32: small and seeded, for demo data only (never for secrets). */
function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
    chance: (p: number) => next() < p,
  };
}
type Rng = ReturnType<typeof seededRandom>;

/** What the plan fixes about a person before the generator fills in the rest. */
type Seat = {
  role: PlatformRole;
  email?: string;
  name?: { firstName: string; surName: string; gender: Gender };
  cihRole?: CihRole;
  /** Index over all centers (zone * 3 + center). */
  center?: number;
  /** Index of the department this person heads. */
  heads?: number;
  department?: number;
  ageBand?: AgeBand;
};

type AgeBand = 'teen' | 'young' | 'middle' | 'senior' | 'leader' | 'visitor';
const AGE_RANGES: Record<AgeBand, [number, number]> = {
  teen: [13, 19],
  young: [20, 35],
  middle: [36, 59],
  senior: [60, 82],
  leader: [30, 62],
  visitor: [16, 55],
};

export type DemoPerson = ReturnType<typeof makePerson>;

/** The fixed accounts README.md lists, one per role; hod@ heads the Choir, where member@ sings. */
const FIXED_SEATS: Seat[] = [
  {
    role: 'member',
    email: 'member@example.org',
    name: { firstName: 'Adaeze', surName: 'Okafor', gender: 'Female' },
    center: 1,
    department: 0,
    ageBand: 'young',
  },
  { role: 'hod', email: 'hod@example.org', name: { firstName: 'Emeka', surName: 'Nwosu', gender: 'Male' }, heads: 0, ageBand: 'leader' },
  {
    role: 'inspectorate',
    email: 'inspectorate@example.org',
    name: { firstName: 'Funmilayo', surName: 'Adeyemi', gender: 'Female' },
    ageBand: 'leader',
  },
  {
    role: 'member',
    email: 'cihpastor@example.org',
    name: { firstName: 'Babajide', surName: 'Ogunleye', gender: 'Male' },
    cihRole: 'cihpastor',
    center: 0,
    ageBand: 'leader',
  },
  {
    role: 'member',
    email: 'cihcoordinator@example.org',
    name: { firstName: 'Ngozi', surName: 'Eze', gender: 'Female' },
    cihRole: 'cihcoordinator',
    center: 0,
    ageBand: 'leader',
  },
  {
    role: 'firsttimers',
    email: 'firsttimer@example.org',
    name: { firstName: 'Tobi', surName: 'Bello', gender: 'Male' },
    ageBand: 'visitor',
  },
];

/** The demo accounts the start-up message names. */
export const DEMO_ACCOUNTS = FIXED_SEATS.flatMap((seat) => (seat.email ? [seat.email] : []));

const CENTER_COUNT = ZONES.length * 3;
const FIRST_TIMERS = 30;

/** Every seat of the church: the fixed ones, then leaders for the other centers and departments, then the congregation. */
function seats(rng: Rng): Seat[] {
  // No demo administrator: admin rights come only from ADMIN_EMAIL, never from the shared demo password.
  const list: Seat[] = [...FIXED_SEATS];
  for (let d = 1; d < DEPARTMENTS.length; d++) list.push({ role: 'hod', heads: d, ageBand: 'leader' });
  for (let i = 0; i < 3; i++) list.push({ role: 'inspectorate', ageBand: 'leader' });
  for (let c = 1; c < CENTER_COUNT; c++) {
    list.push({ role: 'member', cihRole: 'cihpastor', center: c, ageBand: 'leader' });
    list.push({ role: 'member', cihRole: 'cihcoordinator', center: c, ageBand: 'leader' });
  }
  for (let i = 1; i < FIRST_TIMERS; i++) list.push({ role: 'firsttimers', ageBand: 'visitor' });
  while (list.length < PEOPLE) list.push({ role: 'member', ageBand: memberAgeBand(rng) });
  return list;
}

function memberAgeBand(rng: Rng): AgeBand {
  const r = rng.next();
  return r < 0.12 ? 'teen' : r < 0.45 ? 'young' : r < 0.85 ? 'middle' : 'senior';
}

function maritalStatus(rng: Rng, gender: Gender, age: number): string {
  const widowed = gender === 'Male' ? 'Widower' : 'Widow';
  if (age < 20) return 'Single';
  if (age <= 35) return rng.pick(['Single', 'Single', 'Single', 'Married', 'Married', 'Single Parent']);
  if (age < 60)
    return rng.pick([
      'Married',
      'Married',
      'Married',
      'Married',
      'Married',
      'Divorced',
      'Separated',
      'Divorced/Married',
      widowed,
      'Single',
      'Single Parent',
    ]);
  return rng.pick(['Married', 'Married', 'Married', widowed, `${widowed}/Remarried`, 'Divorced/Married']);
}

/** Titles agree with gender: Mr and Master are male, Mrs and Miss female. */
function titleOf(gender: Gender, age: number, marital: string): string {
  if (gender === 'Male') return age < 18 ? 'Master' : 'Mr';
  return marital === 'Single' || marital === 'Single Parent' ? 'Miss' : 'Mrs';
}

/** Born in the year that makes them `age` on 1 January of the reference year. */
function dateOfBirth(rng: Rng, age: number): string {
  return new Date(Date.UTC(REFERENCE_YEAR - 1 - age, 0, 1 + rng.int(0, 364))).toISOString().slice(0, 10);
}

function groupsFor(gender: Gender, age: number, marital: string): string[] {
  return AFFINITY_GROUPS.filter(
    (g) => age >= g.startAge && age <= g.endAge && (!g.maritalStatus || g.maritalStatus === marital) && (!g.gender || g.gender === gender),
  ).map((g) => g.affinityGroupName);
}

function uniqueValue(taken: Set<string>, make: (attempt: number) => string): string {
  for (let attempt = 0; ; attempt++) {
    const value = make(attempt);
    if (!taken.has(value)) return (taken.add(value), value);
  }
}

function makePerson(rng: Rng, seat: Seat, taken: { emails: Set<string>; mobiles: Set<string> }) {
  const gender: Gender = seat.name?.gender ?? (rng.chance(0.5) ? 'Male' : 'Female');
  const firstName = seat.name?.firstName ?? rng.pick(FIRST_NAMES[gender]);
  const surName = seat.name?.surName ?? rng.pick(SURNAMES);
  const [low, high] = AGE_RANGES[seat.ageBand ?? 'middle'];
  const age = rng.int(low, high);
  const marital = maritalStatus(rng, gender, age);
  const title = titleOf(gender, age, marital);
  const center = seat.center ?? rng.int(0, CENTER_COUNT - 1);
  const zone = ZONES[Math.floor(center / 3)];
  const [stateOfOrigin, birthCity] = rng.pick(ORIGINS);
  const slug = `${firstName}.${surName}`.toLowerCase();
  const email = seat.email ?? uniqueValue(taken.emails, (n) => `${slug}${n ? n + 1 : ''}@${EMAIL_DOMAIN}`);
  const mobile = () => uniqueValue(taken.mobiles, () => `${rng.pick(MOBILE_PREFIXES)}${String(rng.int(0, 9_999_999)).padStart(7, '0')}`);
  return {
    id: randomUUID(),
    seat,
    email,
    userName: email.split('@')[0],
    title,
    firstName,
    middleName: rng.chance(0.7) ? rng.pick(FIRST_NAMES[gender].filter((n) => n !== firstName)) : null,
    surName,
    gender,
    age,
    maritalStatus: marital,
    maidenName: title === 'Mrs' && rng.chance(0.7) ? rng.pick(SURNAMES.filter((s) => s !== surName)) : null,
    dateOfBirth: dateOfBirth(rng, age),
    employmentStatus: age < 20 || (age >= 60 && rng.chance(0.7)) || rng.chance(0.15) ? 'Unemployed' : 'Employed',
    mobile1: mobile(),
    mobile2: rng.chance(0.3) ? mobile() : null,
    center,
    address: `${rng.int(1, 120)} ${rng.pick(zone.streets)}`,
    nearestBusStop: rng.pick(zone.busStops),
    state: zone.state,
    lga: zone.lga,
    stateOfOrigin,
    placeOfBirth: rng.chance(0.6) ? birthCity : rng.pick(ORIGINS)[1],
    isFirstTimer: seat.role === 'firsttimers',
    levelOfATS: seat.ageBand === 'leader' || (age >= 20 && rng.chance(0.45)) ? '2' : '1',
    charterChance: rng.next(),
    affinityGroups: rng.chance(0.85) ? groupsFor(gender, age, marital) : [],
    mountainOfInfluence: rng.pick(MOUNTAINS),
    department: seat.heads ?? seat.department ?? (rng.chance(0.7) ? rng.int(0, DEPARTMENTS.length - 1) : undefined),
    secondDepartment: rng.chance(0.15) ? rng.int(0, DEPARTMENTS.length - 1) : undefined,
  };
}

/** The whole demo church as plain data; the same on every call and every machine (except the ids). */
function planDemoChurch() {
  const rng = seededRandom(SEED);
  const taken = { emails: new Set<string>(), mobiles: new Set<string>() };
  for (const seat of FIXED_SEATS) taken.emails.add(seat.email!);
  const people = seats(rng).map((seat) => makePerson(rng, seat, taken));
  const zoneIds = ZONES.map(() => randomUUID());
  const centerIds = ZONES.flatMap(() => [randomUUID(), randomUUID(), randomUUID()]);
  const departmentIds = DEPARTMENTS.map(() => randomUUID());
  return { people, zoneIds, centerIds, departmentIds };
}
type Church = ReturnType<typeof planDemoChurch>;

// ---------------------------------------------------------------- rows

function userRow(p: DemoPerson, passwordHash: string): typeof users.$inferInsert {
  const { id, email, userName, title, firstName, middleName, surName, gender, mobile1, isFirstTimer } = p;
  return {
    id,
    email,
    userName,
    passwordHash,
    title,
    firstName,
    middleName,
    surName,
    gender,
    mobile1,
    isFirstTimer,
    emailVerified: true,
    disabled: false,
  };
}

/** A few plain members are archived, so the Active / Archived status shows both values. */
function biodataRow(p: DemoPerson, index: number): typeof biodata.$inferInsert {
  const { title, firstName, middleName, surName, email, mobile1, mobile2, address, nearestBusStop, lga, state, gender } = p;
  const { employmentStatus, dateOfBirth, placeOfBirth, stateOfOrigin, maritalStatus, maidenName } = p;
  const archived = p.seat.role === 'member' && !p.seat.cihRole && !p.seat.email && index % 61 === 0;
  return {
    userId: p.id,
    title,
    firstName,
    middleName,
    surName,
    email,
    mobile1,
    mobile2,
    address,
    nearestBusStop,
    lga,
    state,
    country: 'Nigeria',
    nationality: 'Nigeria',
    gender,
    employmentStatus,
    dateOfBirth,
    placeOfBirth,
    stateOfOrigin,
    maritalStatus,
    maidenName,
    demise: archived,
  };
}

function affiliationRow(p: DemoPerson, church: Church, charterNumber: () => string): typeof churchAffiliations.$inferInsert {
  const zone = ZONES[Math.floor(p.center / 3)];
  const charteredMember = p.charterChance < (p.levelOfATS === '2' ? 0.7 : 0.2);
  return {
    userId: p.id,
    levelOfATS: p.levelOfATS,
    charteredMember,
    // The number exists only for chartered members at level 2.
    charteredMemberNumber: charteredMember && p.levelOfATS === '2' ? charterNumber() : null,
    cihRole: p.seat.cihRole ?? null,
    mountainOfInfluence: p.mountainOfInfluence,
    affinityGroup: p.affinityGroups,
    cihAddress: zone.centers[p.center % 3].address,
    zoneId: church.zoneIds[Math.floor(p.center / 3)],
    centerId: church.centerIds[p.center],
  };
}

function departmentRows(p: DemoPerson, church: Church): Array<typeof userDepartments.$inferInsert> {
  if (p.department === undefined) return [];
  const rows = [{ userId: p.id, departmentId: church.departmentIds[p.department], isPrimaryDepartment: true }];
  if (p.secondDepartment !== undefined && p.secondDepartment !== p.department) {
    rows.push({ userId: p.id, departmentId: church.departmentIds[p.secondDepartment], isPrimaryDepartment: false });
  }
  return rows;
}

function churchRows(church: Church) {
  const zoneRows = ZONES.map((z, i) => ({ id: church.zoneIds[i], zoneName: z.zoneName, description: z.description }));
  const centerRows = ZONES.flatMap((z, zi) =>
    z.centers.map((c, ci) => ({ id: church.centerIds[zi * 3 + ci], zoneId: church.zoneIds[zi], ...c })),
  );
  const hodOf = new Map(church.people.filter((p) => p.seat.heads !== undefined).map((p) => [p.seat.heads!, p.id]));
  const departmentRowsList = DEPARTMENTS.map(([departmentName, description], i) => ({
    id: church.departmentIds[i],
    departmentName,
    description,
    hodId: hodOf.get(i) ?? null,
  }));
  const groupRows = AFFINITY_GROUPS.map((g) => ({ ...g }));
  return { zoneRows, centerRows, departmentRowsList, groupRows };
}

// ---------------------------------------------------------------- CIH attendance

/** Weeks of CIH meetings before the seeding day, so the charts have a history on a first start. */
const ATTENDANCE_WEEKS = 8;
const VISITOR_NAMES = ['Tobi Adewale', 'Grace Eze', 'Musa Bello', 'Ifeoma Nnaji', 'Kunle Ajayi', 'Zainab Sule'];

/**
 * One meeting a week per center for the last ATTENDANCE_WEEKS weeks (none this week: the
 * leaders take this week's), each member marked present or absent and a visitor now and then.
 * The pattern is fixed; only the dates follow the seeding day, so they stay inside the charts'
 * 26 weeks.
 */
function attendanceRows(church: Church, today = new Date()) {
  const members = church.people.filter((p) => !p.isFirstTimer);
  const meetings: Array<typeof cihMeetings.$inferInsert> = [];
  const marks: Array<typeof cihAttendanceMarks.$inferInsert> = [];
  const visitors: Array<typeof cihVisitors.$inferInsert> = [];
  church.centerIds.forEach((centerId, c) => {
    const people = members.filter((p) => p.center === c);
    for (let w = 1; w <= ATTENDANCE_WEEKS; w++) {
      const id = randomUUID();
      const meetingDate = new Date(today.getTime() - 7 * w * 86_400_000).toISOString().slice(0, 10);
      const present = people.map((_p, i) => (i * 31 + w * 17 + c * 7) % 10 < 7);
      const guest = (w + c) % 3 === 0 ? [{ name: VISITOR_NAMES[(w + c) % VISITOR_NAMES.length], firstTimer: (w + c) % 2 === 0 }] : [];
      meetings.push({
        id,
        centerId,
        meetingDate,
        childrenCount: (w + c) % 4,
        offering: String(5000 + 500 * ((w * c) % 7)),
        presentCount: present.filter(Boolean).length,
        membersCount: people.length,
        visitorCount: guest.length,
        firstTimerCount: guest.filter((g) => g.firstTimer).length,
      });
      people.forEach((p, i) => marks.push({ meetingId: id, userId: p.id, present: present[i] }));
      guest.forEach((g) => visitors.push({ meetingId: id, phone: `0803${String(w * 100 + c).padStart(7, '0')}`, ...g }));
    }
  });
  return { meetings, marks, visitors };
}

// ---------------------------------------------------------------- writing

async function insertAll<T extends PgTable>(tx: Tx, table: T, rows: T['$inferInsert'][]) {
  for (let i = 0; i < rows.length; i += BATCH) await tx.insert(table).values(rows.slice(i, i + BATCH) as never);
}

async function writeChurch(tx: Tx, church: Church, passwordHash: string, roleIdOf: Map<string, string>) {
  const { people } = church;
  const members = people.filter((p) => !p.isFirstTimer);
  let charter = 0;
  const charterNumber = () => `CM/${String(++charter).padStart(4, '0')}`;
  const { zoneRows, centerRows, departmentRowsList, groupRows } = churchRows(church);
  await insertAll(tx, zones, zoneRows);
  await insertAll(tx, centers, centerRows);
  await insertAll(tx, affinityGroups, groupRows);
  // Members' affiliations name these lists, which refuse names they do not hold.
  await insertAll(
    tx,
    mountainsOfInfluence,
    MOUNTAINS.map((name) => ({ name, description: `The ${name.toLowerCase()} mountain` })),
  );
  await insertAll(
    tx,
    ministries,
    MINISTRIES.map(([name, code]) => ({ name, code })),
  );
  await insertAll(
    tx,
    meansOfIdentification,
    IDENTIFICATION.map((name) => ({ name, requiresNumber: true })),
  );
  await insertAll(
    tx,
    users,
    people.map((p) => userRow(p, passwordHash)),
  );
  await insertAll(tx, biodata, people.map(biodataRow));
  await insertAll(
    tx,
    userRoles,
    people.map((p) => ({ userId: p.id, roleId: roleIdOf.get(p.seat.role)! })),
  );
  await insertAll(tx, departments, departmentRowsList);
  await insertAll(
    tx,
    churchAffiliations,
    members.map((p) => affiliationRow(p, church, charterNumber)),
  );
  await insertAll(
    tx,
    userDepartments,
    members.flatMap((p) => departmentRows(p, church)),
  );
  const attendance = attendanceRows(church);
  await insertAll(tx, cihMeetings, attendance.meetings);
  await insertAll(tx, cihAttendanceMarks, attendance.marks);
  await insertAll(tx, cihVisitors, attendance.visitors);
}

/**
 * Seeds the demo church unless it is already there. Every demo account shares the one demo
 * password, so it is hashed once (argon2id at OWASP's cost takes a tenth of a second or so) and the hash reused.
 */
export async function seedDemo(
  db: Db | Tx,
  opts: { password?: string; passwordCost: PasswordCost },
): Promise<{ created: boolean; generatedPassword?: string }> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, MARKER_EMAIL));
  if (existing) return { created: false };
  const roleIdOf = await roleIds(db, PLATFORM_ROLES);
  const missing = PLATFORM_ROLES.filter((r) => !roleIdOf.has(r));
  if (missing.length) throw new Error(`seedDemo needs the roles seeded first; missing: ${missing.join(', ')}`);
  const password = opts.password ?? randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password, opts.passwordCost);
  const church = planDemoChurch();
  await db.transaction(async (tx) => {
    await writeChurch(tx, church, passwordHash, roleIdOf);
    await seedGatherings(tx, church.people);
    await seedAppointmentHours(tx, church.people);
    // The demo people's stages, derived as migration 0028 derived those already in Flock (docs/decisions 0210).
    await tx.execute(sql`select member_stages_derive()`);
  });
  return opts.password ? { created: true } : { created: true, generatedPassword: password };
}
