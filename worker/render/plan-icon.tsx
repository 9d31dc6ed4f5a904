import { planIcon, type PlanIcon } from '../../shared/policy/plans'

const PATHS: Record<PlanIcon, string> = {
  flood: 'M4 22c3 0 3-2 6-2s3 2 6 2 3-2 6-2M4 27c3 0 3-2 6-2s3 2 6 2 3-2 6-2M8 17V10l8-6 8 6v7',
  home: 'M5 15 16 6l11 9M8 13v13h16V13M13 26v-7h6v7',
  condo: 'M7 27V5h12v22M19 12h6v15M10 9h2M14 9h2M10 14h2M14 14h2M10 19h2M14 19h2',
  renters: 'M5 15 16 6l11 9M8 13v13h16V13M14 20a2 2 0 1 0 4 0 2 2 0 0 0-4 0',
  umbrella: 'M4 16a12 12 0 0 1 24 0ZM16 16v9a3 3 0 0 1-6 0',
  commercial: 'M5 27V11h22v16M5 11l3-6h16l3 6M10 27v-8h5v8M18 16h5v4h-5',
  manufactured: 'M4 23V13h24v10M4 13l4-5h16l4 5M8 23v3M24 23v3M9 16h4v4H9M17 16h6v7',
  other: 'M8 4h11l5 5v19H8ZM19 4v5h5',
}

/** A decorative plan-type icon; the plan description beside it carries the meaning. */
export function PlanTypeIcon({ planId }: { planId: string }) {
  return (
    <svg className="plan-icon" viewBox="0 0 32 32" width="40" height="40" aria-hidden="true" focusable="false">
      <path d={PATHS[planIcon(planId)]} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  )
}
