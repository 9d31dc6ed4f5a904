import { Hono } from 'hono'
import type { AppEnv } from '../../types'

/** The e-signature screen (issue 6): one file per screen, mounted here. */
export const esignPages = new Hono<AppEnv>()
