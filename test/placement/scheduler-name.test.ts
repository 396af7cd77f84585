import { describe, expect, it } from 'vitest'
import {
  isDefaultProfilePod,
  otherSchedulerOf,
  schedulerNameOf,
} from '../../src/placement/index.js'

/**
 * The profile a pod names (eventhandlers.go responsibleForPod): unset is the default profile's
 * name, as the API server's defaulting stores it; any other name is left to a scheduler of it.
 */
describe('the scheduler a pod names', () => {
  it.each([
    [
      'no name: the API server stores the default profile’s, which takes it',
      '',
      'default-scheduler',
      true,
    ],
    ['the default profile named: it takes the pod', 'default-scheduler', 'default-scheduler', true],
    [
      'another name: only a profile of that name takes the pod',
      'batch-scheduler',
      'batch-scheduler',
      false,
    ],
    [
      'a name differing in case only is another name',
      'Default-Scheduler',
      'Default-Scheduler',
      false,
    ],
    [
      'a name with spaces around it is another name too',
      ' default-scheduler',
      ' default-scheduler',
      false,
    ],
  ])('%s', (_name, given, stored, byDefault) => {
    expect(schedulerNameOf(given)).toBe(stored)
    expect(isDefaultProfilePod(given)).toBe(byDefault)
    expect(otherSchedulerOf(given)).toBe(byDefault ? null : `for scheduler "${given}"`)
  })
})
