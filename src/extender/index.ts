export { Extender, type ExtenderOptions } from './extender.js'
export { ExtenderUnavailableError } from './errors.js'
export { RequestMemories, RequestMemory } from './request-memory.js'
export * from './ports.js'
