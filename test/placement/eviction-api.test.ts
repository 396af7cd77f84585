import { describe, expect, it } from 'vitest'
import { EvictionBudgets } from '../../src/placement/index.js'
import { budget, pod } from './drain-builders.js'
import { EVICTION_ROWS } from './eviction-api.cases.js'

/** The Eviction API's budget check, in process: the rows of eviction-api.cases.ts. */

describe('EvictionBudgets.evict, as POST pods/NAME/eviction answers', () => {
  it.each(Object.entries(EVICTION_ROWS))('%s', (_, row) => {
    const budgets = new EvictionBudgets(row.budgets)
    expect(row.pods.map((p) => budgets.evict(p))).toEqual(row.answers)
  })
})

describe('EvictionBudgets.evict on a status the API server would not store', () => {
  // Validation refuses a negative disruptionsAllowed (status update: 422), so only a budget read
  // from a file can hold one; checkAndDecrement answers it with a 403.
  it('a negative allowance is forbidden (403), not retried', () => {
    expect(new EvictionBudgets([budget(-1)]).evict(pod('web-1'))).toEqual({
      kind: 'failed',
      code: 403,
      message: 'poddisruptionbudget.policy "web" is forbidden: pdb disruptions allowed is negative',
    })
  })
})
