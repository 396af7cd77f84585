/**
 * Which kube-scheduler takes a pending pod. kube-scheduler queues an unbound pod only when one of
 * its profiles is named by the pod's `spec.schedulerName` (scheduler eventhandlers.go
 * `responsibleForPod`, through profile.Map `HandlesSchedulerName`): a pod naming no running
 * profile is never tried, so it stays Pending with no FailedScheduling event and no
 * PodScheduled condition. The API server gives a pod created without a name the default
 * profile's, `default-scheduler` (core/v1 defaults.go `SetDefaults_PodSpec`,
 * `v1.DefaultSchedulerName`); it checks no other name (ValidatePodSpec reads none).
 */

/** The default profile's name, which the tools judge as. */
export const DEFAULT_SCHEDULER_NAME = 'default-scheduler'

/** The profile a pod names, as the API server stores it: its own, or the default when unset. */
export function schedulerNameOf(schedulerName: string): string {
  return schedulerName === '' ? DEFAULT_SCHEDULER_NAME : schedulerName
}

/** Whether the default profile takes a pod that names `schedulerName` (or none). */
export function isDefaultProfilePod(schedulerName: string): boolean {
  return schedulerNameOf(schedulerName) === DEFAULT_SCHEDULER_NAME
}

/** How the tools name a pod left to another scheduler (`for scheduler "NAME"`); null: the default's. */
export function otherSchedulerOf(schedulerName: string): string | null {
  return isDefaultProfilePod(schedulerName) ? null : `for scheduler "${schedulerName}"`
}
