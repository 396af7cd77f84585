import { expect } from 'vitest'

/** The error `action` throws; fails the test when it throws none, or another type. */
export function thrownError<E extends Error>(
  type: abstract new (...args: never[]) => E,
  action: () => unknown
): E {
  try {
    action()
  } catch (err) {
    expect(err).toBeInstanceOf(type)
    return err as E
  }
  throw new Error(`expected a ${type.name}`)
}

/** The message of the error `action` throws; fails the test when it throws none, or another type. */
export function thrownMessage(
  type: abstract new (...args: never[]) => Error,
  action: () => unknown
): string {
  return thrownError(type, action).message
}
