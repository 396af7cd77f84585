import { Watch, type KubeConfig } from '@kubernetes/client-node'
import { describeError, statusCodeOf, statusDetail } from './api-errors.js'

/** How one watch request ended; the reflector decides what to do next from it. */
export type WatchEnd =
  /** 410 Gone (HTTP or ERROR event): the resourceVersion is too old; relist. */
  | { readonly kind: 'gone'; readonly detail: string; readonly eventsSeen: number }
  /** The server ended the stream (its timeout, a restart): resume from the last version. */
  | { readonly kind: 'closed'; readonly eventsSeen: number }
  /** Anything else: connection refused, HTTP 5xx, a non-410 ERROR event. */
  | { readonly kind: 'failed'; readonly detail: string; readonly eventsSeen: number }
  /** No event nor bookmark for `watchdogMs`: the connection may be dead without a FIN. */
  | { readonly kind: 'silent'; readonly eventsSeen: number }
  /** `stop()` was called. */
  | { readonly kind: 'stopped'; readonly eventsSeen: number }

export interface WatchSessionOptions {
  readonly kubeConfig: KubeConfig
  readonly resourceVersion: string
  /** Asks the API server to end the watch after this long, as client-go does (5–10 min). */
  readonly timeoutSeconds: number
  readonly watchdogMs: number
  readonly stopSignal: AbortSignal
  /** Applies one ADDED, MODIFIED, DELETED or BOOKMARK event (ERROR is handled here). */
  readonly onEvent: (type: string, object: unknown) => void
}

/**
 * Runs one `GET /api/v1/nodes?watch=true` through client-node's `Watch` and resolves once it
 * has ended, for whatever reason, with the connection closed. client-node 1.4 gives no way to
 * cancel a watch whose response headers have not arrived (the AbortController comes back only
 * afterwards, and its 30 s timeout is overwritten), so the KubeConfig handed to `Watch` notes the
 * http.Agent it creates for the request; destroying that agent ends even a stalled connect.
 */
export function runWatchSession(options: WatchSessionOptions): Promise<WatchEnd> {
  const { stopSignal, watchdogMs } = options
  return new Promise<WatchEnd>((resolve) => {
    let ended = false
    let eventsSeen = 0
    let controller: AbortController | undefined
    let agent: { destroy(): void } | undefined
    let watchdog: NodeJS.Timeout | undefined

    const end = (outcome: WatchEnd): void => {
      if (ended) return
      ended = true
      clearTimeout(watchdog)
      stopSignal.removeEventListener('abort', onStop)
      controller?.abort()
      agent?.destroy()
      resolve(outcome)
    }
    const onStop = (): void => end({ kind: 'stopped', eventsSeen })
    const armWatchdog = (): void => {
      clearTimeout(watchdog)
      watchdog = setTimeout(() => end({ kind: 'silent', eventsSeen }), watchdogMs)
    }

    const onEvent = (type: string, object: unknown): void => {
      if (ended) return
      armWatchdog()
      if (type === 'ERROR') {
        end(errorEventEnd(object, eventsSeen))
        return
      }
      eventsSeen++
      try {
        options.onEvent(type, object)
      } catch (err) {
        // client-node swallows exceptions thrown by the callback; end loudly instead.
        end({
          kind: 'failed',
          detail: `applying a ${type} event: ${describeError(err)}`,
          eventsSeen,
        })
      }
    }
    const onDone = (err: unknown): void => {
      if (err == null) end({ kind: 'closed', eventsSeen })
      else if (statusCodeOf(err) === 410) end({ kind: 'gone', detail: 'HTTP 410', eventsSeen })
      else end({ kind: 'failed', detail: describeError(err), eventsSeen })
    }

    if (stopSignal.aborted) return onStop()
    stopSignal.addEventListener('abort', onStop, { once: true })
    armWatchdog()
    const watch = new Watch(
      noteFetchAgent(options.kubeConfig, (a) => {
        agent = a
        if (ended) a.destroy()
      })
    )
    const query = {
      resourceVersion: options.resourceVersion,
      allowWatchBookmarks: true,
      timeoutSeconds: options.timeoutSeconds,
    }
    watch.watch('/api/v1/nodes', query, onEvent, onDone).then(
      (c) => {
        controller = c
        if (ended) c.abort()
      },
      // Raised before the request is sent: no current cluster, credentials that fail to load.
      (err: unknown) => end({ kind: 'failed', detail: describeError(err), eventsSeen })
    )
  })
}

function errorEventEnd(status: unknown, eventsSeen: number): WatchEnd {
  const code =
    typeof status === 'object' && status !== null ? (status as { code?: unknown }).code : undefined
  const detail = `watch ERROR event ${typeof code === 'number' ? code : '(no code)'} ${statusDetail(status)}`
  return code === 410
    ? { kind: 'gone', detail: detail.trim(), eventsSeen }
    : { kind: 'failed', detail: detail.trim(), eventsSeen }
}

/**
 * The same KubeConfig, except that the agent built for each fetch is reported. A Proxy rather
 * than a copy: authenticators (exec plugins, token files) keep their state in the original.
 */
function noteFetchAgent(
  kubeConfig: KubeConfig,
  onAgent: (agent: { destroy(): void }) => void
): KubeConfig {
  return new Proxy(kubeConfig, {
    get(target, property, receiver) {
      if (property !== 'applyToFetchOptions') return Reflect.get(target, property, receiver)
      return async (opts: Parameters<KubeConfig['applyToFetchOptions']>[0]) => {
        const init = await target.applyToFetchOptions(opts)
        const agent: unknown = init.agent
        if (typeof agent === 'object' && agent !== null && 'destroy' in agent) {
          onAgent(agent as { destroy(): void })
        }
        return init
      }
    },
  })
}
