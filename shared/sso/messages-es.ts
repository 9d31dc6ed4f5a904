import { SSO_TEXT } from './sso'
import type { SpanishMessages } from '../i18n/catalog'

/**
 * The SSO messages a person reads in Spanish (issue 36): flashed to the Error page when a partner's link
 * names a policy it does not grant, or Test SSO is asked for where it does not exist. The log-only texts
 * (noPolicies, policyLoadFailed) stay English: nobody reads them on a page.
 */
export const SSO_MESSAGES_ES: SpanishMessages = {
  [SSO_TEXT.accessDenied]: 'No tiene acceso a esta póliza.',
  [SSO_TEXT.testSsoDenied]: 'No tiene acceso a la página Prueba de SSO.',
}
