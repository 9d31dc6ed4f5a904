import type { Locale } from '../i18n/locale'

/** Plan codes and their descriptions (spec 000 section 1). */
const PLAN_DESCRIPTIONS: Record<string, string> = {
  BR3: 'Contractor',
  CPL: 'Commercial',
  CPO: 'Commercial Office',
  CPP: 'Commercial Package',
  DP1: 'Seasonal/Investment',
  DP3: 'Seasonal/Investment',
  HO3: 'Homeowners',
  HO5: 'Homeowners',
  HO7: 'Homeowners',
  HO8: 'Homeowners',
  HOA: 'Homeowners',
  HOB: 'Homeowners',
  MFH: 'Manufactured Home',
  HO4: 'Renters',
  NH3: 'National Homeowners',
  HO6: 'Condominium',
  NH6: 'National Condominium',
  RSC: 'RISC',
  UMB: 'Umbrella',
  PRP: 'Flood',
  STD: 'Flood',
  MP3: 'Flood',
  EXC: 'Excess Flood',
}

/** Each English description in Spanish (issue 36); RISC is the program's name. */
const SPANISH_DESCRIPTIONS: Readonly<Record<string, string>> = {
  Contractor: 'Contratista',
  Commercial: 'Comercial',
  'Commercial Office': 'Oficina comercial',
  'Commercial Package': 'Paquete comercial',
  'Seasonal/Investment': 'Temporada/inversión',
  Homeowners: 'Propietario de vivienda',
  'Manufactured Home': 'Casa prefabricada',
  Renters: 'Inquilino',
  'National Homeowners': 'Propietario de vivienda nacional',
  Condominium: 'Condominio',
  'National Condominium': 'Condominio nacional',
  RISC: 'RISC',
  Umbrella: 'Paraguas',
  Flood: 'Inundación',
  'Excess Flood': 'Inundación en exceso',
  Unknown: 'Desconocido',
}

export function planDescription(planId: string, locale: Locale = 'en'): string {
  const english = PLAN_DESCRIPTIONS[planId.toUpperCase()] ?? 'Unknown'
  return locale === 'en' ? english : (SPANISH_DESCRIPTIONS[english] ?? english)
}

export type PlanIcon = 'flood' | 'home' | 'condo' | 'renters' | 'umbrella' | 'commercial' | 'manufactured' | 'other'

/** Which icon Account Home shows beside a plan. */
export function planIcon(planId: string): PlanIcon {
  const d = planDescription(planId)
  if (d === 'Flood' || d === 'Excess Flood') return 'flood'
  if (d.includes('Condominium')) return 'condo'
  if (d === 'Renters') return 'renters'
  if (d === 'Umbrella') return 'umbrella'
  if (d.startsWith('Commercial') || d === 'Contractor') return 'commercial'
  if (d === 'Manufactured Home') return 'manufactured'
  if (d.includes('Homeowners') || d === 'Seasonal/Investment' || d === 'RISC') return 'home'
  return 'other'
}
