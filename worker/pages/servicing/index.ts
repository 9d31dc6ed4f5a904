import { Hono } from 'hono'
import type { AppEnv } from '../../types'

/** The read-only servicing pages (issue 5): one file per screen, mounted here. */
export const servicingPages = new Hono<AppEnv>()
