import type { Logger } from '../extender/ports.js'
import type { IndexedList } from './node-reflector.js'

/**
 * One full garbage collection after each full node list, where `--expose-gc` (NODE_FLAGS) gives
 * one. A large list leaves tens of MB of parsed objects in the old generation, kept (with the
 * heap floor) until an idle spell brings a full collection; until then every young collection
 * walks their pages and takes longer (bench/README.md, "Measurements behind the code"). The
 * first collection runs before the cache reports ready; a relist's runs while serving, one
 * short pause where the list itself took seconds.
 */
export function collectGarbageAfterList(logger: Logger): (list: IndexedList) => Promise<void> {
  const collect = globalThis.gc
  if (collect === undefined) return () => Promise.resolve()
  return async (list) => {
    // One turn of the event loop first, so nothing of the list's requests is still referenced.
    await new Promise((resolve) => setImmediate(resolve))
    const before = process.memoryUsage()
    const start = performance.now()
    collect()
    const after = process.memoryUsage()
    const mib = (bytes: number): number => Math.round(bytes / 104857.6) / 10
    logger.info('collected the garbage of the node list', {
      nodes: list.nodes,
      relist: list.relist,
      ms: Math.round((performance.now() - start) * 10) / 10,
      heapUsedMiB: [mib(before.heapUsed), mib(after.heapUsed)],
      heapTotalMiB: [mib(before.heapTotal), mib(after.heapTotal)],
    })
  }
}
