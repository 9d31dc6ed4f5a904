export { ConfirmRemovePolicy as default } from './ConfirmRemovePolicy'
