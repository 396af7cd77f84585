import { getHeapStatistics } from 'node:v8'
import { ConfigError } from './config-error.js'
import { parseByteSize } from './parse-values.js'

/** V8's heap limit: as given (tests), else this process's. */
export function heapLimitBytes(heapSizeLimit: number | undefined): number {
  return heapSizeLimit ?? getHeapStatistics().heap_size_limit
}

/**
 * --max-body-bytes-in-flight, or by default a quarter of the V8 heap limit: a body's bytes
 * become several times as much parsed and compiled state on the heap while it is answered. Never
 * below --max-body, or a body the limit admits could never be taken.
 */
export function bodyBytesInFlight(
  values: ReadonlyMap<string, string>,
  maxBodyBytes: number,
  heapSizeLimit: number | undefined
): number {
  const raw = values.get('max-body-bytes-in-flight')
  if (raw === undefined) {
    return Math.max(maxBodyBytes, Math.floor(heapLimitBytes(heapSizeLimit) / 4))
  }
  const bytes = parseByteSize('max-body-bytes-in-flight', raw)
  if (bytes < maxBodyBytes) {
    throw new ConfigError(
      `--max-body-bytes-in-flight: ${raw} is below --max-body (${maxBodyBytes} bytes); a body ` +
        'the limit admits could never be taken'
    )
  }
  return bytes
}
