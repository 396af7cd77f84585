/**
 * Runs `work(i)` for i in [from, to) with at most `parallelism` calls in flight: thousands of
 * objects are created and deleted a run, and one at a time would take minutes on two cores,
 * while all at once would make the API server queue them anyway.
 */
export async function forEachConcurrently(
  from: number,
  to: number,
  parallelism: number,
  work: (i: number) => Promise<unknown>
): Promise<void> {
  let next = from
  const worker = async (): Promise<void> => {
    while (next < to) await work(next++)
  }
  await Promise.all(Array.from({ length: Math.min(parallelism, to - from) }, worker))
}
