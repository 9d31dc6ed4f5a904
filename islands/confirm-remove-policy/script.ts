import { enhanceAll } from '../ui/script-island'
import { enhanceRemovePolicy } from './remove-policy'

// The script island's browser entry (a module script, so it runs after parsing).
enhanceAll('confirm-remove-policy', enhanceRemovePolicy)
