import { enhanceAll } from '../ui/script-island'
import { enhancePasskeyAdd } from './add'

// The script island's browser entry (a module script, so it runs after parsing).
enhanceAll('passkey-add', enhancePasskeyAdd)
