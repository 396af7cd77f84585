import { setTimeout as delay } from 'node:timers/promises'

/**
 * Polls `check` until it passes, for asynchronous outcomes (a watch event arriving, a retry
 * succeeding). `check` fails by throwing (an `expect`) or by returning false; its last failure
 * is rethrown at the deadline. The deadline is a safety net, not an assertion about speed.
 */
export async function eventually<T>(
  check: () => T | Promise<T>,
  timeoutMs = 10_000,
  intervalMs = 10
): Promise<Exclude<T, false>> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    let failure: unknown
    try {
      const result = await check()
      if (result !== false) return result as Exclude<T, false>
      failure = new Error('condition still false')
    } catch (err) {
      failure = err
    }
    if (Date.now() >= deadline) {
      if (failure instanceof Error) {
        failure.message = `not within ${timeoutMs} ms: ${failure.message}`
      }
      throw failure
    }
    await delay(intervalMs)
  }
}

/** Whether `promise` is still pending after `ms`: for what must wait (a close, a drain). */
export async function pendingAfter(promise: Promise<unknown>, ms: number): Promise<boolean> {
  const timeout = new Promise((resolve) => setTimeout(() => resolve('pending'), ms))
  return (await Promise.race([promise, timeout])) === 'pending'
}
