import { FilterVerdicts, type TaintProfile } from '../core/index.js'
import { newNameSpans } from '../protocol/index.js'

/**
 * The working memory of one filter or prioritize call, refilled by the next request that
 * takes it (see RequestMemory): the names' positions, their nodes' profiles, the verdicts and
 * the scores. Each is as long as the candidate list, so at 5000 names fresh arrays were most of
 * a request's heap garbage.
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
