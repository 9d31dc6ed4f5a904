import { bootSessionTimer } from './session-timer'

// The browser entry of every page with a session (a module script, so it runs after parsing). The
// warning's code is a separate chunk, fetched only when the warning is near.
bootSessionTimer(document, () => import('./warning-dialog'))
