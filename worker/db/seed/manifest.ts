import { z } from 'zod'
import personasJson from '../../../tests/fixtures/personas.json'

/**
 * The persona manifest (tests/fixtures/personas.json): who can log in, which policies they hold,
 * and which policies are left unlinked for registration. Tags say what each one demonstrates,
 * so tests look personas and policies up by tag instead of hard-coding ids.
 */
const tags = z.array(z.string().regex(/^[a-z]+\.[a-z0-9.-]+$/)).min(1)

export const manifestSchema = z.object({
  personas: z
    .array(
      z.object({
        key: z.string().regex(/^[a-z][a-z0-9-]*$/),
        userName: z.string().min(1).max(50),
        password: z.string().min(7).max(35),
        email: z.email(),
        tags,
        policies: z.array(z.object({ policyId: z.string().regex(/^[A-Z]{2,3}\d+$/), tags })).min(1),
      }),
    )
    .min(1),
  unlinkedPolicies: z.array(
    z.object({
      policyId: z.string().regex(/^[A-Z]{2,3}\d+$/),
      lastName: z.string().min(1),
      birthDate: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/)
        .nullable(),
      tags,
    }),
  ),
})

export type Manifest = z.infer<typeof manifestSchema>
export type Persona = Manifest['personas'][number]

/** The manifest, checked once. */
export function loadManifest(): Manifest {
  return manifestSchema.parse(personasJson)
}

/** The deterministic profile id of a persona. */
export function profileIdOf(persona: Pick<Persona, 'key'>): string {
  return `p-${persona.key}`
}
