import {
  Observable,
  type ConfigurationOptions,
  type ObservableMiddleware,
} from '@kubernetes/client-node'

/**
 * Per-request options for client-node's generated API calls that attach an AbortSignal.
 * Without one a list or GET can hang forever on a half-open connection (client-node 1.4 sets no
 * request timeout), and `stop()` could not cancel what is in flight. The generated client has
 * no `signal` parameter; a middleware that calls `RequestContext.setSignal` is its supported
 * extension point, and `append` keeps the authentication the KubeConfig applies.
 */
export function abortableRequest(signal: AbortSignal): ConfigurationOptions {
  const attachSignal: ObservableMiddleware = {
    pre: (context) => {
      context.setSignal(signal)
      return new Observable(Promise.resolve(context))
    },
    post: (response) => new Observable(Promise.resolve(response)),
  }
  return { middleware: [attachSignal], middlewareMergeStrategy: 'append' }
}

/**
 * Runs `request` with a signal that aborts when `stopSignal` does or after `timeoutMs`. Unlike
 * `AbortSignal.any`, nothing stays attached to the long-lived stop signal once it has settled.
 */
export async function withDeadline<T>(
  stopSignal: AbortSignal,
  timeoutMs: number,
  request: (signal: AbortSignal) => Promise<T>
): Promise<T> {
  const controller = new AbortController()
  const abort = (): void => controller.abort()
  const timer = setTimeout(abort, timeoutMs)
  stopSignal.addEventListener('abort', abort, { once: true })
  if (stopSignal.aborted) controller.abort()
  try {
    return await request(controller.signal)
  } finally {
    clearTimeout(timer)
    stopSignal.removeEventListener('abort', abort)
  }
}
