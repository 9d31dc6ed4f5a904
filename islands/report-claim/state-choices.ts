import { US_STATES } from '../../shared/us-states'

/** The state select's options (spec 000 section 5: the 50 states plus DC). */
export const STATE_CHOICES = US_STATES.map((s) => ({ value: s.code, label: s.name }))
