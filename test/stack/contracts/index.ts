export { artifacts } from './artifacts.js'
