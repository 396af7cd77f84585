import type { Request, Response } from 'express'

/** One named readiness check and its current answer. */
export interface ReadinessCheck {
  readonly name: string
  check(): { ok: boolean; reason: string }
}

/** Every check's answer, in order, and whether all passed: what /readyz and the ready gauge say. */
export function evaluateReadiness(checks: readonly ReadinessCheck[]): {
  ok: boolean
  results: { name: string; ok: boolean; reason: string }[]
} {
  const results = checks.map((c) => ({ name: c.name, ...c.check() }))
  return { ok: results.every((r) => r.ok), results }
}

/**
 * Kubernetes-style readiness: plain `ok` with 200 when every check passes, else 503 naming the
 * failed checks; `?verbose` lists every check as `[+]name ok` / `[-]name failed: reason
 * withheld`, the way kube-apiserver and kube-scheduler print theirs (healthz's
 * handleRootHealth). As there, the reason is withheld because the endpoint answers anyone: a
 * node cache's last error names the API server's address. The log says why a check fails.
 */
export function readyzHandler(checks: () => readonly ReadinessCheck[]) {
  return (req: Request, res: Response): void => {
    const { ok, results } = evaluateReadiness(checks())
    const verbose = req.query.verbose !== undefined
    let text: string
    if (ok && !verbose) {
      text = 'ok'
    } else {
      const lines = results
        .filter((r) => verbose || !r.ok)
        .map((r) => (r.ok ? `[+]${r.name} ok` : `[-]${r.name} failed: reason withheld`))
      lines.push(ok ? 'readyz check passed' : 'readyz check failed')
      text = lines.join('\n')
    }
    res
      .status(ok ? 200 : 503)
      .type('text/plain')
      .send(text + '\n')
  }
}

/** Liveness: the event loop answers. Deliberately independent of the cluster connection. */
export function livezHandler(_req: Request, res: Response): void {
  res.status(200).type('text/plain').send('ok\n')
}
