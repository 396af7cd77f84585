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

/** Aborted when `stopSignal` is, or after `timeoutMs`, whichever comes first. */
export function stopOrTimeout(stopSignal: AbortSignal, timeoutMs: number): AbortSignal {
  return AbortSignal.any([stopSignal, AbortSignal.timeout(timeoutMs)])
}
