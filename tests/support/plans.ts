/**
 * The plan codes of spec 000 section 1, written out here rather than read from shared/policy/plans.ts,
 * so the data checks (every plan in the seed, in the claims matrix) hold the seed to the spec.
 */
export const PLAN_CODES = [
  'BR3',
  'CPL',
  'CPO',
  'CPP',
  'DP1',
  'DP3',
  'HO3',
  'HO5',
  'HO7',
  'HO8',
  'HOA',
  'HOB',
  'MFH',
  'HO4',
  'NH3',
  'HO6',
  'NH6',
  'RSC',
  'UMB',
  'PRP',
  'STD',
  'MP3',
  'EXC',
] as const
