import type { JobFacts } from '../../src/placement/index.js'
import { owned, workload, type Row } from './replacement.cases.js'

/**
 * replacementFor's Job rows: the back-off after a failure (10 s doubled per earlier failure,
 * up to 10 minutes), the backoffLimit, and a Job that makes no more pods.
 */

/** A Job as the API server defaults it, with no failure, success or condition yet. */
export const JOB: JobFacts = {
  backoffLimit: 6,
  failed: 0,
  succeeded: 0,
  finished: false,
  suspended: false,
  onlyReplaceFailed: false,
}

export const JOB_ROWS: Row[] = [
  {
    name: 'a Job pod is replaced 10 s after its first failure',
    pod: owned('Job', 'report'),
    workloads: [workload('Job', 'report', { job: JOB })],
    expected: {
      outcome: 'recreated',
      afterSeconds: 10,
      waitsForOldPod: false,
      podName: 'report-<new>',
    },
  },
  {
    name: 'a Job pod after two failures and no success waits 10 s × 2² = 40 s',
    pod: owned('Job', 'report'),
    workloads: [workload('Job', 'report', { job: { ...JOB, failed: 2 } })],
    expected: { afterSeconds: 40 },
  },
  {
    name: 'a Job back-off stops doubling at 10 minutes',
    pod: owned('Job', 'report'),
    workloads: [workload('Job', 'report', { job: { ...JOB, failed: 8, backoffLimit: 20 } })],
    expected: { afterSeconds: 600 },
  },
  {
    name: 'a Job that has succeeded before counts this failure alone: 10 s',
    pod: owned('Job', 'report'),
    workloads: [workload('Job', 'report', { job: { ...JOB, failed: 3, succeeded: 1 } })],
    expected: { afterSeconds: 10 },
  },
  {
    name: 'a Job whose failures would exceed backoffLimit fails instead of replacing',
    pod: owned('Job', 'report'),
    workloads: [workload('Job', 'report', { job: { ...JOB, failed: 6 } })],
    expected: {
      outcome: 'none',
      reason: 'failure 7 of Job report exceeds its backoffLimit 6: the Job fails',
    },
  },
  {
    name: 'a Job at exactly backoffLimit failures after this one still replaces',
    pod: owned('Job', 'report'),
    workloads: [workload('Job', 'report', { job: { ...JOB, failed: 5 } })],
    expected: { outcome: 'recreated', afterSeconds: 320 },
  },
  {
    name: 'a Job that replaces only failed pods waits for the old pod to end, then backs off',
    pod: owned('Job', 'report'),
    workloads: [workload('Job', 'report', { job: { ...JOB, onlyReplaceFailed: true } })],
    expected: { outcome: 'recreated', waitsForOldPod: true, afterSeconds: 55 },
  },
  {
    name: 'a finished Job makes no more pods',
    pod: owned('Job', 'report'),
    workloads: [workload('Job', 'report', { job: { ...JOB, finished: true } })],
    expected: { outcome: 'none', reason: 'Job report has finished' },
  },
  {
    name: 'a suspended Job makes no pods',
    pod: owned('Job', 'report'),
    workloads: [workload('Job', 'report', { job: { ...JOB, suspended: true } })],
    expected: { outcome: 'none', reason: 'Job report is suspended' },
  },
]
