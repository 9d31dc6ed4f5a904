import { Hono } from 'hono'
import type { AppEnv } from '../types'

/** Stand-in: the identity service stand-in: reference drop-off and pickup (issue 4). */
export const identityStandIn = new Hono<AppEnv>()
