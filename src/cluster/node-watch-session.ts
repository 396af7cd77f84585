import type { KubeConfig } from '@kubernetes/client-node'
import { describeError, isUnreachable, statusCodeOf, statusDetail } from './api-errors.js'
import { openWatchStream } from './watch-stream.js'

/** How one watch request ended; the reflector decides what to do next from it. */
export type WatchEnd =
  /** 410 Gone (HTTP or ERROR event): the resourceVersion is too old; relist. */
  | { readonly kind: 'gone'; readonly detail: string; readonly eventsSeen: number }
  /** The server ended the stream (its timeout, a restart): resume from the last version. */
  | { readonly kind: 'closed'; readonly eventsSeen: number }
  /**
   * Anything else: connection refused, HTTP 5xx, a non-410 ERROR event. `unreachable` when no
   * API server answered at all (see isUnreachable), which the reflector retries sooner.
   */
  | {
      readonly kind: 'failed'
      readonly detail: string
      readonly eventsSeen: number
      readonly unreachable: boolean
    }
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
 * Runs one `GET /api/v1/nodes?watch=true` (see openWatchStream) and resolves once it has ended,
 * for whatever reason, with the connection closed: aborting the request's signal ends even a
 * connect or a response whose headers never come.
 */
export function runWatchSession(options: WatchSessionOptions): Promise<WatchEnd> {
  const { stopSignal, watchdogMs } = options
  return new Promise<WatchEnd>((resolve) => {
    let ended = false
    let eventsSeen = 0
    const controller = new AbortController()
    let watchdog: NodeJS.Timeout | undefined

    const end = (outcome: WatchEnd): void => {
      if (ended) return
      ended = true
      clearTimeout(watchdog)
      stopSignal.removeEventListener('abort', onStop)
      controller.abort()
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
        // A rule failing on an event ends the watch loudly; the reflector resumes it.
        end({
          kind: 'failed',
          detail: `applying a ${type} event: ${describeError(err)}`,
          eventsSeen,
          unreachable: false,
        })
      }
    }
    const onDone = (err: unknown, answered: boolean): void => {
      if (err == null) end({ kind: 'closed', eventsSeen })
      else if (statusCodeOf(err) === 410) end({ kind: 'gone', detail: 'HTTP 410', eventsSeen })
      else {
        const unreachable = !answered && isUnreachable(err)
        end({ kind: 'failed', detail: describeError(err), eventsSeen, unreachable })
      }
    }

    if (stopSignal.aborted) return onStop()
    stopSignal.addEventListener('abort', onStop, { once: true })
    armWatchdog()
    const query = {
      resourceVersion: options.resourceVersion,
      allowWatchBookmarks: 'true',
      timeoutSeconds: String(options.timeoutSeconds),
    }
    openWatchStream(
      options.kubeConfig,
      '/api/v1/nodes',
      query,
      controller.signal,
      onEvent,
      onDone
    ).catch(
      // Raised before the request is sent: no current cluster, credentials that fail to load.
      (err: unknown) =>
        end({ kind: 'failed', detail: describeError(err), eventsSeen, unreachable: false })
    )
  })
}

function errorEventEnd(status: unknown, eventsSeen: number): WatchEnd {
  const code =
    typeof status === 'object' && status !== null ? (status as { code?: unknown }).code : undefined
  const detail = `watch ERROR event ${typeof code === 'number' ? code : '(no code)'} ${statusDetail(status)}`
  return code === 410
    ? { kind: 'gone', detail: detail.trim(), eventsSeen }
    : { kind: 'failed', detail: detail.trim(), eventsSeen, unreachable: false }
}
