import { describe, expect, it } from 'vitest'
import {
  REASON_UNKNOWN_NODE,
  REASON_UNSCHEDULABLE,
  REASON_UNTOLERATED_TAINT,
  type RejectionReason,
} from '../../src/core/index.js'
import { DecisionRecords, type DecisionCounters } from '../../src/extender/decision-records.js'
import { NOOP_LOGGER, type Verb } from '../../src/extender/ports.js'
import type { PodTolerations } from '../../src/protocol/index.js'
import { RecordingLogger } from '../support/recording-logger.js'

/** Every counter update, in order, as the metrics port received it. */
class RecordingMetrics implements DecisionCounters {
  readonly updates: string[] = []
  nodesEvaluated(verb: Verb, count: number): void {
    this.updates.push(`evaluated ${verb} ${count}`)
  }
  nodesRejected(reason: RejectionReason, count: number): void {
    this.updates.push(`rejected ${reason} ${count}`)
  }
}

const POD: PodTolerations = { name: 'web-7d9f', namespace: 'shop', uid: 'u1', tolerations: [] }

describe('DecisionRecords', () => {
  it('counts each run of equal rejection reasons once, in order, however the runs alternate', () => {
    const metrics = new RecordingMetrics()
    new DecisionRecords(metrics, NOOP_LOGGER).rejections([
      REASON_UNTOLERATED_TAINT,
      REASON_UNTOLERATED_TAINT,
      REASON_UNSCHEDULABLE,
      REASON_UNTOLERATED_TAINT,
      REASON_UNKNOWN_NODE,
      REASON_UNKNOWN_NODE,
      REASON_UNKNOWN_NODE,
    ])
    expect(metrics.updates).toEqual([
      `rejected ${REASON_UNTOLERATED_TAINT} 2`,
      `rejected ${REASON_UNSCHEDULABLE} 1`,
      `rejected ${REASON_UNTOLERATED_TAINT} 1`,
      `rejected ${REASON_UNKNOWN_NODE} 3`,
    ])
  })

  it('records no rejection at all when no node was rejected', () => {
    const metrics = new RecordingMetrics()
    new DecisionRecords(metrics, NOOP_LOGGER).rejections([])
    expect(metrics.updates).toEqual([])
  })

  it('counts a filter decision as nodes evaluated, then its rejections, and logs one debug line naming the pod and the counts', () => {
    const metrics = new RecordingMetrics()
    const logger = new RecordingLogger()
    new DecisionRecords(metrics, logger).filter(POD, 5, 3, [
      REASON_UNSCHEDULABLE,
      REASON_UNSCHEDULABLE,
    ])
    expect(metrics.updates).toEqual(['evaluated filter 5', `rejected ${REASON_UNSCHEDULABLE} 2`])
    expect(logger.entries).toEqual([
      {
        level: 'debug',
        msg: 'filter',
        fields: {
          pod: { name: 'web-7d9f', namespace: 'shop' },
          candidates: 5,
          passed: 3,
          rejected: 2,
        },
      },
    ])
  })

  it('counts a preempt decision as its candidates evaluated and logs how many it dropped', () => {
    const metrics = new RecordingMetrics()
    const logger = new RecordingLogger()
    new DecisionRecords(metrics, logger).preempt(POD, 4, 1)
    expect(metrics.updates).toEqual(['evaluated preempt 4'])
    expect(logger.entries).toEqual([
      {
        level: 'debug',
        msg: 'preempt',
        fields: { pod: { name: 'web-7d9f', namespace: 'shop' }, candidates: 4, dropped: 1 },
      },
    ])
  })

  it('builds no debug line when debug is off, and still counts', () => {
    const metrics = new RecordingMetrics()
    const records = new DecisionRecords(metrics, NOOP_LOGGER)
    records.filter(POD, 2, 2, [])
    records.evaluated('prioritize', 7)
    expect(metrics.updates).toEqual(['evaluated filter 2', 'evaluated prioritize 7'])
  })
})
