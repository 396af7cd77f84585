import { afterAll, afterEach, beforeAll, describe } from 'vitest'
import { findControllerManager, findKubeBinaries, type BinariesLookup } from './binaries.js'
import { ControlPlane } from './control-plane.js'
import { startControllerManager } from './controller-manager.js'

export { ControlPlane, type SchedulerHandle } from './control-plane.js'
export { KubeApi, KubeApiError, type ApiReply } from './kube-api.js'
export { KUBE_VERSION } from './binaries.js'

/**
 * Set by .ci/run: there the control plane must run, and a missing archive fails the suites
 * instead of skipping them.
 */
const REQUIRED = process.env.TAINT_EXTENDER_REQUIRE_CONTROL_PLANE === '1'

/** TAINT_EXTENDER_KEEP_CONTROL_PLANE_LOGS=1 keeps the logs of every run, failed or not. */
const KEEP_LOGS = process.env.TAINT_EXTENDER_KEEP_CONTROL_PLANE_LOGS === '1'

/**
 * A describe block with its own etcd and kube-apiserver (and, with `controllerManager`,
 * kube-controller-manager), started before its tests and stopped after them (their logs kept in test-logs/ when a test failed). Where the binaries are absent,
 * the block is reported skipped, the reason in its name.
 */
export function describeWithControlPlane(
  name: string,
  body: (plane: () => ControlPlane) => void,
  options: { controllerManager?: boolean } = {}
): void {
  const lookup = withControllerManager(findKubeBinaries(), options.controllerManager === true)
  if (!lookup.found) {
    if (REQUIRED)
      throw new Error(`${name}: the control plane is required here, but ${lookup.reason}`)
    describe.skip(`${name} (skipped: ${lookup.reason})`, () => body(() => unreachable()))
    return
  }
  describe(name, () => {
    let plane: ControlPlane | undefined
    let failed = false
    beforeAll(async () => {
      plane = await ControlPlane.start(lookup.binaries)
      if (lookup.controllerManager !== null)
        await startControllerManager(plane, lookup.controllerManager)
    }, 90_000)
    afterEach((context) => {
      if (context.task.result?.state === 'fail') failed = true
    })
    // vitest reads a hook's first parameter as a fixture pattern: it must be destructured.
    // eslint-disable-next-line no-empty-pattern
    afterAll(async ({}, suite) => {
      // A hook that failed (a beforeAll timing out) leaves its error on the suite's result.
      const hookFailed = (suite.result?.errors?.length ?? 0) > 0
      await plane?.stop({ keepLogs: failed || hookFailed || KEEP_LOGS })
    }, 60_000)
    body(() => plane ?? unreachable())
  })
}

/**
 * The binaries with kube-controller-manager's when the block asks for it (its archive is a
 * separate one, and a block that needs it is skipped, or fails, without it).
 */
function withControllerManager(
  lookup: BinariesLookup,
  wanted: boolean
):
  | (BinariesLookup & { readonly found: false })
  | (BinariesLookup & { readonly found: true; readonly controllerManager: string | null }) {
  if (!lookup.found || !wanted)
    return lookup.found ? { ...lookup, controllerManager: null } : lookup
  const manager = findControllerManager()
  if (!manager.found) return manager
  return { ...lookup, controllerManager: manager.binary }
}

function unreachable(): never {
  throw new Error('the control plane was not started')
}
