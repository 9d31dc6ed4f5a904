export { ESign as default } from './ESign'
