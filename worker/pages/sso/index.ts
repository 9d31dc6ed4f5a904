import { Hono } from 'hono'
import type { AppEnv } from '../../types'

/** Single sign-on, Test SSO and the opt-out confirmation (issue 4): one file per screen, mounted here. */
export const ssoPages = new Hono<AppEnv>()
