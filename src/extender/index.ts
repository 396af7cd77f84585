export { Extender, type ExtenderOptions } from './extender.js'
export { ExtenderUnavailableError } from './errors.js'
export * from './ports.js'
