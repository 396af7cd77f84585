import { expect } from 'vitest'

/** The message of the error `action` throws; fails the test when it throws none, or another type. */
export function thrownMessage(
  type: abstract new (...args: never[]) => Error,
  action: () => unknown
): string {
  try {
    action()
  } catch (err) {
    expect(err).toBeInstanceOf(type)
    return (err as Error).message
  }
  throw new Error(`expected a ${type.name}`)
}
