import { enhanceAll } from '../ui/script-island'
import { enhancePasskeySignIn } from './sign-in'

// The script island's browser entry (a module script, so it runs after parsing).
enhanceAll('passkey-sign-in', enhancePasskeySignIn)
