import { Hono } from 'hono'
import type { AppEnv } from '../../types'

/** Profiles and policy linking (issue 3): one file per screen, mounted here. */
export const profilePages = new Hono<AppEnv>()
