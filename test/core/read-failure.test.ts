import { describe, expect, it } from 'vitest'
import { readFailureText } from '../../src/core/index.js'

/** The words the tools give for a file they could not read, whatever layer met the failure. */
const failure = (code: string, message = `${code}: raw text, open '/x'`): Error =>
  Object.assign(new Error(message), { code })

describe('readFailureText', () => {
  it.each([
    ['a missing file is "no such file"', failure('ENOENT'), 'no such file'],
    ['a file the user may not read is "permission denied"', failure('EACCES'), 'permission denied'],
    ['an operation not permitted reads the same', failure('EPERM'), 'permission denied'],
    ['a folder given as a file is "it is a directory"', failure('EISDIR'), 'it is a directory'],
    [
      'a file under something that is no folder says so',
      failure('ENOTDIR'),
      'a part of the path is not a directory',
    ],
    ['a symbolic-link loop is named', failure('ELOOP'), 'too many symbolic links'],
    ['a name too long is named', failure('ENAMETOOLONG'), 'the name is too long'],
    [
      'an error with no known code keeps its own first line',
      failure('EWEIRD', 'first line\nsecond line'),
      'first line',
    ],
    ['a thrown string is its own text', 'just text', 'just text'],
  ])('%s', (_name, err, words) => {
    expect(readFailureText(err)).toBe(words)
  })
})
