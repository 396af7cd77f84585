/**
 * The `timeoutSeconds` each node watch asks the API server for. client-go's reflector draws it
 * from five to ten minutes (`minWatchTimeout` × (1 + rand)) so that clients do not all reconnect
 * at once. Here it must also end before the watchdog (`--watchdog-seconds`) would take a healthy
 * but quiet watch for a dead one: kube-apiserver v1.28 sends such a watch nothing at all until
 * it closes it at its timeout (no periodic bookmark; the one before the deadline came neither),
 * so a watch asked for longer than the watchdog's period ends as "silent" in a cluster whose
 * nodes do not change. Ended by its timeout, a watch resumes from its last resourceVersion at
 * once, quietly; only a connection that truly stops delivering meets the watchdog.
 */

/** Seconds between the watch's own end and the watchdog, for the server's close to arrive. */
const MARGIN_SECONDS = 5
const CLIENT_GO_MIN_SECONDS = 300
/** client-go's timeout is 300 × (1 + rand) with rand in [0, 1): below 600. */
const CLIENT_GO_MAX_SECONDS = 599

/** The longest timeout a watch may ask for under this watchdog period. */
function longestTimeoutSeconds(watchdogSeconds: number): number {
  // A watchdog of a few seconds (tests, or a user's choice) keeps half its period as margin.
  if (watchdogSeconds < 4 * MARGIN_SECONDS) return Math.max(1, Math.floor(watchdogSeconds / 2))
  return Math.min(CLIENT_GO_MAX_SECONDS, watchdogSeconds - MARGIN_SECONDS)
}

/**
 * A timeout drawn afresh for each watch: client-go's five to ten minutes when the watchdog allows
 * them, otherwise from half the longest to the longest the watchdog allows.
 */
export function watchTimeoutSeconds(
  watchdogMs: number,
  random: () => number = Math.random
): number {
  const longest = longestTimeoutSeconds(Math.floor(watchdogMs / 1000))
  const shortest = Math.min(CLIENT_GO_MIN_SECONDS, Math.ceil(longest / 2))
  return shortest + Math.floor(random() * (longest - shortest + 1))
}
