import { MIRROR_ANNOTATION } from '../decode-pod-identity.js'
import { many, message, scalar, stringMap, strings, time } from './message-schema.js'

/**
 * The apimachinery meta/v1 messages (pkg/apis/meta/v1/generated.proto) with the fields the
 * decoders read of pods and nodes; their numbers are those of the proto, their names JSON's.
 */

/** The annotations a decoder reads (decode-pod-identity.ts `readMirror`); the rest are skipped. */
const READ_ANNOTATIONS = [MIRROR_ANNOTATION]

/** OwnerReference: the controller reference `readController` picks. */
const OWNER_REFERENCE = message('OwnerReference', {
  1: scalar('string', 'kind'),
  3: scalar('string', 'name'),
  4: scalar('string', 'uid'),
  5: scalar('string', 'apiVersion'),
  6: scalar('bool', 'controller'),
})

/** ObjectMeta, without managedFields (17), finalizers and the annotations no rule reads. */
export const OBJECT_META = message('ObjectMeta', {
  1: scalar('string', 'name'),
  3: scalar('string', 'namespace'),
  5: scalar('string', 'uid'),
  6: scalar('string', 'resourceVersion'),
  8: time('creationTimestamp'),
  9: time('deletionTimestamp'),
  11: stringMap('labels'),
  12: stringMap('annotations', READ_ANNOTATIONS),
  13: many('ownerReferences', OWNER_REFERENCE),
})

const LABEL_SELECTOR_REQUIREMENT = message('LabelSelectorRequirement', {
  1: scalar('string', 'key'),
  2: scalar('string', 'operator'),
  3: strings('values'),
})

export const LABEL_SELECTOR = message('LabelSelector', {
  1: stringMap('matchLabels'),
  2: many('matchExpressions', LABEL_SELECTOR_REQUIREMENT),
})

/** ListMeta: the paging a list reader follows. */
export const LIST_META = message('ListMeta', {
  2: scalar('string', 'resourceVersion'),
  3: scalar('string', 'continue'),
  4: scalar('int64', 'remainingItemCount'),
})
