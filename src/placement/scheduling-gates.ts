import { fieldErrorText, invalidString, labelKeyErrors, type FieldError } from './field-errors.js'

/**
 * SchedulingGates (pkg/scheduler/framework/plugins/schedulinggates scheduling_gates.go), the
 * default profile's PreEnqueue plugin. A pod with any `spec.schedulingGates` is kept out of the
 * active queue: no scheduling cycle runs for it, so no Filter judges it and no FailedScheduling
 * event is written, until an update removes the last gate (its EventsToRegister: Pod/Update).
 * Its status is UnschedulableAndUnresolvable, `waiting for scheduling gates: [a b]`: the gate
 * names in order, as Go's `%v` prints a `[]string`. The API server marks such a pod when it is
 * created (pod strategy's applySchedulingGatedCondition): condition PodScheduled False, reason
 * SchedulingGated, message `Scheduling is blocked due to non-empty scheduling gates`, which
 * `kubectl get pods` shows as the status.
 *
 * The gate behind both, PodSchedulingReadiness, is on by default from v1.27 (beta) and GA from
 * v1.30: the same in every release spoken for (1.28 to 1.35).
 */

export const PLUGIN_SCHEDULING_GATES = 'SchedulingGates'

/** PreEnqueue's refusal of a pod with these gates; null for a pod with none. */
export function schedulingGatesRejection(gates: readonly string[]): string | null {
  return gates.length === 0 ? null : `waiting for scheduling gates: [${gates.join(' ')}]`
}

/**
 * The gates checked as the API server checks them before it stores the pod
 * (pkg/apis/core/validation `validateSchedulingGates`, within ValidatePodSpec): each name a
 * qualified name, as a label key, each problem at the gate's index; a name met before, a
 * Duplicate value there too. Each problem as its `field.Error` text.
 */
export function schedulingGateValidationErrors(gates: readonly string[]): string[] {
  const seen = new Set<string>()
  return gates.flatMap((name, i) => {
    const at = `spec.schedulingGates[${i}]`
    const problems: FieldError[] = labelKeyErrors(name).map((m) => invalidString(at, name, m))
    if (seen.has(name))
      problems.push({
        type: 'Duplicate',
        field: at,
        badValue: { kind: 'string', value: name },
        detail: '',
      })
    seen.add(name)
    return problems.map(fieldErrorText)
  })
}
