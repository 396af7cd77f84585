import type { PreScore } from './score-framework.js'
import type { ImageStateSummary } from './image-states.js'
import { imageLocalityCountsInitContainers, releaseOf } from './kube-releases.js'

/**
 * ImageLocality (plugins/imagelocality image_locality.go `Score`, `sumImageScores`,
 * `scaledImageScore`, `calculatePriority`, `normalizedImageName`), weight 1. Each of the pod's
 * images the node holds counts its size times the share of the snapshot's nodes holding it
 * (`int64(size × numNodes / total)`, in floating point); the sum, clamped between 23 MiB and
 * 1000 MiB per image counted, is scaled to 0–100 in integers. The images counted are the
 * containers', and from v1.30 the init containers' too (kube-releases.ts); image volumes' only
 * from v1.36 (kubernetes/kubernetes#130231), past the releases spoken for. An image named
 * without a tag is looked up as `:latest`. No NormalizeScore.
 */

export const PLUGIN_IMAGE_LOCALITY = 'ImageLocality'

const MIB = 1024 * 1024
const MIN_THRESHOLD = 23 * MIB
const MAX_CONTAINER_THRESHOLD = 1000 * MIB

/** `normalizedImageName`: `:latest` added when the last `:` is not after the last `/`. */
export function normalizedImageName(name: string): string {
  return name.lastIndexOf(':') <= name.lastIndexOf('/') ? `${name}:latest` : name
}

/** `scaledImageScore`. */
function scaledImageScore(state: ImageStateSummary, totalNodes: number): number {
  const spread = state.numNodes / totalNodes
  return Math.trunc(state.size * spread)
}

/** `calculatePriority`. */
function calculatePriority(sum: number, images: number): number {
  const maxThreshold = MAX_CONTAINER_THRESHOLD * images
  let clamped = sum
  if (sum < MIN_THRESHOLD) clamped = MIN_THRESHOLD
  else if (sum > maxThreshold) clamped = maxThreshold
  // Integers below 2^53 and a quotient of at most 100: the float quotient truncates as int64
  // division does.
  return Math.trunc((100 * (clamped - MIN_THRESHOLD)) / (maxThreshold - MIN_THRESHOLD))
}

export const preScoreImageLocality: PreScore = (input) => {
  const initImages = imageLocalityCountsInitContainers(releaseOf(input.options))
    ? (input.pod.initImages ?? [])
    : []
  const names = [...initImages, ...(input.pod.images ?? [])].map(normalizedImageName)
  const totalNodes = input.snapshot.nodeInfoList.length
  return {
    name: PLUGIN_IMAGE_LOCALITY,
    weight: 1,
    score(node) {
      let sum = 0
      for (const name of names) {
        const state = node.imageState(name)
        if (state !== undefined) sum += scaledImageScore(state, totalNodes)
      }
      return calculatePriority(sum, names.length)
    },
  }
}
