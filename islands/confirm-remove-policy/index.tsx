export { ConfirmRemovePolicy as default } from './ConfirmRemovePolicy'
export { confirmRemovePolicyPropsSchema as propsSchema } from '../../shared/schemas/confirm-remove-policy'
