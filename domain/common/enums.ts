/** The product's enumerations, word for word: clients send and show these exact values. */
export const TITLES = ['Mr', 'Mrs', 'Miss', 'Master'] as const;
export const GENDERS = ['Male', 'Female'] as const;
export const EMPLOYMENT_STATUSES = ['Employed', 'Unemployed'] as const;
export const MARITAL_STATUSES = [
  'Married',
  'Single',
  'Divorced',
  'Divorced/Married',
  'Separated',
  'Widower',
  'Widower/Remarried',
  'Single Parent',
  'Widow',
  'Widow/Remarried',
] as const;
export type MaritalStatus = (typeof MARITAL_STATUSES)[number];

export type Title = (typeof TITLES)[number];
export type Gender = (typeof GENDERS)[number];

/** Choosing a title sets gender: Male for Mr and Master, Female for Mrs and Miss. */
export const TITLE_GENDER: Record<Title, Gender> = { Mr: 'Male', Master: 'Male', Mrs: 'Female', Miss: 'Female' };

export const LEVELS_OF_ATS = ['1', '2'] as const;
export const HIGHEST_QUALIFICATIONS = ['OND', 'HND', 'B.Sc'] as const;

/** The five requests a member files from the profile; others decide them. */
export const MEMBER_REQUEST_KINDS = [
  'joinDepartment',
  'changeDepartment',
  'joinAffinityGroup',
  'changeAffinityGroup',
  'changeZone',
] as const;
export type MemberRequestKind = (typeof MEMBER_REQUEST_KINDS)[number];
export const MEMBER_REQUEST_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type MemberRequestStatus = (typeof MEMBER_REQUEST_STATUSES)[number];

/** What Files/uploadfile stores; only the avatar so far. */
export const FILE_TYPES = ['avatar'] as const;

/** The condition of a piece of church property (the accessories list). */
export const ACCESSORY_CONDITIONS = ['New', 'Good', 'Fair', 'Poor'] as const;
