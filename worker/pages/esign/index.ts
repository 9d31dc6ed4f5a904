import { Hono } from 'hono'
import type { AppEnv } from '../../types'
import { eSignPage } from './e-sign'
import { eSignDocument } from './document'

/** The e-signature screen (issue 6): one file per screen, mounted here. */
export const esignPages = new Hono<AppEnv>()
esignPages.route('/', eSignPage)
esignPages.route('/', eSignDocument)
