import type { JsonObject } from '../../json/json-fields.js'
import { readEnvelope } from './envelope.js'
import { message, readMessage, scalar } from './message-schema.js'
import { ProtobufError, WireReader } from './wire-reader.js'

/**
 * A refusal the API server answers in protobuf: it writes its Status in the encoding the
 * request asked for (apiserver's responsewriters `ErrorNegotiated`), so a list asked for in
 * protobuf is refused with a meta/v1 Status {status=2, message=3, reason=4, code=6}.
 */

const STATUS = message('Status', {
  2: scalar('string', 'status'),
  3: scalar('string', 'message'),
  4: scalar('string', 'reason'),
  6: scalar('int32', 'code'),
})

/** The Status as its JSON has it, or null for a body that is not one. */
export function readStatusBody(body: Uint8Array): JsonObject | null {
  try {
    const envelope = readEnvelope(body)
    if (envelope.kind !== 'Status') return null
    return readMessage(new WireReader(body, envelope.start, envelope.end), STATUS)
  } catch (err) {
    if (err instanceof ProtobufError) return null
    throw err
  }
}
