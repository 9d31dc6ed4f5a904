export { ESign as default } from './ESign'
export { esignPropsSchema as propsSchema } from '../../shared/esign/schemas/esign'
