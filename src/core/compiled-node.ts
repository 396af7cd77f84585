import {
  effectSlotOf,
  EFFECT_SLOT_OTHER,
  EFFECT_SLOT_PREFER_NO_SCHEDULE,
  type CompiledTaint,
} from './compiled-taint.js'
import { parseInt64 } from './decimal-integer.js'
import { TaintProfile } from './taint-profile.js'
import type { NodeTaints, Taint } from './types.js'

/**
 * One node as the rules see it, compiled when the node changes. Filter and Score read only its
 * profile, which nodes with the same taints share. Nothing of the Node object is kept beyond
 * what the rules and the explanation need.
 */
export interface CompiledNode extends NodeTaints {
  readonly resourceVersion: string
  readonly taints: readonly CompiledTaint[]
  readonly profile: TaintProfile
}

/** What compileNode reads: a node's name, version, cordon flag and taints. */
export interface NodeTaintsAt extends NodeTaints {
  readonly resourceVersion: string
}

const NO_TAINTS: readonly CompiledTaint[] = Object.freeze([])

/**
 * Where compileNode gets one shared copy of each taint string (node-index's StringInterner);
 * sharing saves memory and never changes an answer.
 */
export interface SharedStrings {
  intern(s: string): string
}

/** Where compileNode gets a shared profile per distinct taint list (see TaintProfiles). */
export interface SharedProfiles {
  intern(
    unschedulable: boolean,
    taints: readonly CompiledTaint[],
    make: () => TaintProfile
  ): TaintProfile
}

function compileTaint(taint: Taint, interner: SharedStrings | undefined): CompiledTaint {
  return Object.freeze({
    key: interner ? interner.intern(taint.key) : taint.key,
    value: interner ? interner.intern(taint.value) : taint.value,
    effect: interner ? interner.intern(taint.effect) : taint.effect,
    effectSlot: effectSlotOf(taint.effect),
    numeric: parseInt64(taint.value),
  })
}

function profileOf(unschedulable: boolean, taints: readonly CompiledTaint[]): TaintProfile {
  const hardTaints: CompiledTaint[] = []
  const softTaints: CompiledTaint[] = []
  for (const taint of taints) {
    if (taint.effectSlot === EFFECT_SLOT_PREFER_NO_SCHEDULE) softTaints.push(taint)
    else if (taint.effectSlot !== EFFECT_SLOT_OTHER) hardTaints.push(taint)
  }
  return new TaintProfile(
    unschedulable,
    hardTaints.length === 0 ? NO_TAINTS : Object.freeze(hardTaints),
    softTaints.length === 0 ? NO_TAINTS : Object.freeze(softTaints)
  )
}

/**
 * Compiles one node's taints and cordon state; call it once per (name, resourceVersion). Nodes
 * compiled with the same `profiles` share the profile of their taints.
 */
export function compileNode(
  node: NodeTaintsAt,
  interner?: SharedStrings,
  profiles?: SharedProfiles
): CompiledNode {
  const taints =
    node.taints.length === 0
      ? NO_TAINTS
      : Object.freeze(node.taints.map((t) => compileTaint(t, interner)))
  const make = (): TaintProfile => profileOf(node.unschedulable, taints)
  return Object.freeze({
    name: node.name,
    resourceVersion: node.resourceVersion,
    unschedulable: node.unschedulable,
    taints,
    profile: profiles === undefined ? make() : profiles.intern(node.unschedulable, taints, make),
  })
}
