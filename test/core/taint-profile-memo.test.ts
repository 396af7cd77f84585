import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { compileNode, CompiledTolerations, type Toleration } from '../../src/core/index.js'

// A collector to call from here: the flag exposes gc to contexts made after it is set.
setFlagsFromString('--expose-gc')
const collect = runInNewContext('gc') as () => void

const RULES = { comparisonOperators: false }
const tainted = compileNode({
  name: 'n1',
  resourceVersion: '1',
  unschedulable: false,
  taints: [
    { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' },
    { key: 'spot', value: '', effect: 'PreferNoSchedule' },
  ],
})
const toleration = (key: string, value: string): Toleration => ({
  key,
  operator: 'Equal',
  value,
  effect: '',
  tolerationSeconds: null,
})

describe('a taint profile remembers the last pod that asked it', () => {
  it('answers a pod asking again from its memo, and another pod afresh', () => {
    const gpuPod = new CompiledTolerations([toleration('dedicated', 'gpu')], RULES)
    const plainPod = new CompiledTolerations([], RULES)
    const profile = tainted.profile
    expect(profile.filterOnce(gpuPod)).toBeNull()
    expect(profile.filterOnce(plainPod)).not.toBeNull()
    expect(profile.filterOnce(gpuPod)).toBeNull()
    expect(profile.countOnce(gpuPod)).toBe(1)
    expect(profile.countOnce(new CompiledTolerations([toleration('spot', '')], RULES))).toBe(0)
  })

  it('does not keep a pod and its tolerations alive once nothing else holds them', async () => {
    const ref = (() => {
      const pod = new CompiledTolerations([toleration('dedicated', 'x'.repeat(1 << 20))], RULES)
      tainted.profile.filterOnce(pod)
      tainted.profile.countOnce(pod)
      return new WeakRef(pod)
    })()
    // A WeakRef's target stays alive until the current job ends; collect after it has.
    await new Promise((resolve) => setTimeout(resolve, 0))
    collect()
    expect(ref.deref()).toBeUndefined()
  })
})
