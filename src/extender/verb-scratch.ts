import { FilterVerdicts, type TaintProfile } from '../core/index.js'
import { newNameSpans } from '../protocol/index.js'

/**
 * The working memory of one node-cache filter or prioritize call, refilled by the next call
 * that takes it: the names' positions, their nodes' profiles, the verdicts and the scores. Each
 * is as long as the candidate list, so at 5000 names fresh arrays were most of a request's
 * heap garbage.
 */
export class VerbScratch {
  /** Where each name lies in the body (see NodeNameList). */
  readonly spans = newNameSpans(1024)
  /** The taint profile of each name's node, in request order; undefined where none is known. */
  readonly profiles: (TaintProfile | undefined)[] = []
  readonly verdicts = new FilterVerdicts()
  #scores = new Int32Array(1024)

  /** An array of at least `count` scores to write into. */
  scores(count: number): Int32Array {
    if (this.#scores.length < count)
      this.#scores = new Int32Array(Math.max(count, this.#scores.length * 2))
    return this.#scores
  }
}

/** How many VerbScratch are kept: one per call in flight at once, and calls rarely overlap. */
const KEPT = 4

/**
 * VerbScratch lent per call (see lend). A call takes one, and gives it back when its reply has
 * been encoded (after its promise settles, for one that waits on the API server), so two calls in
 * flight at once never share one.
 */
export class VerbScratchPool {
  readonly #free: VerbScratch[] = []

  /**
   * `run(scratch)`, giving the scratch back once its result is ready: at once for a value or a
   * throw, when it settles for a promise.
   */
  lend<T>(run: (scratch: VerbScratch) => T | Promise<T>): T | Promise<T> {
    const scratch = this.#free.pop() ?? new VerbScratch()
    const giveBack = (): void => {
      if (this.#free.length < KEPT) this.#free.push(scratch)
    }
    let result: T | Promise<T>
    try {
      result = run(scratch)
    } catch (err) {
      giveBack()
      throw err
    }
    if (result instanceof Promise) return result.finally(giveBack)
    giveBack()
    return result
  }
}
