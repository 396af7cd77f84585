/**
 * kube-scheduler's `scheduler_schedule_attempts_total` by result, read once a run has ended:
 * every attempt must have been `scheduled`. An `error` (an extender call failed) or
 * `unschedulable` attempt means the run did other work than the others and its rate is void.
 */
import { request } from 'node:https'

export async function scheduleAttempts(port: number): Promise<Record<string, number>> {
  const text = await new Promise<string>((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: '/metrics', rejectUnauthorized: false },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (body += chunk))
        res.on('end', () => resolve(body))
        res.on('error', reject)
      }
    )
    req.on('error', reject)
    req.end()
  })
  const attempts: Record<string, number> = {}
  for (const line of text.split('\n')) {
    const match = /^scheduler_schedule_attempts_total\{[^}]*result="([^"]+)"[^}]*\} (\S+)$/.exec(
      line
    )
    if (match?.[1] !== undefined) attempts[match[1]] = (attempts[match[1]] ?? 0) + Number(match[2])
  }
  return attempts
}
