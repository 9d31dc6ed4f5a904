import type { PageDeclaration } from '../page'
import { eSignDocument } from './document'
import { eSignHistoryPage } from './e-sign-history'
import { eSignPage } from './e-sign'

/** E-signature (issue 6) and its history. */
export const esignPages: readonly PageDeclaration[] = [eSignDocument, eSignHistoryPage, eSignPage]
