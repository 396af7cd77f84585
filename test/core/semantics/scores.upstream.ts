import { nodeA, nodeB, nodeC, NS, PNS, score, softTaintCounts } from './rows.js'
import type { ScoreCase } from './types.js'

export const UPSTREAM_SCORES: readonly ScoreCase[] = [
  // TestTaintTolerationScore, rescaled from 0..100 to 0..10.
  score(
    'a node whose PreferNoSchedule taint is tolerated scores higher than a node whose one is not',
    [{ key: 'foo', operator: 'Equal', value: 'bar', effect: PNS }],
    [nodeA('foo=bar:PreferNoSchedule'), nodeB('foo=blah:PreferNoSchedule')],
    [10, 0]
  ),
  score(
    'the number of tolerated PreferNoSchedule taints on a node does not matter',
    [
      { key: 'cpu-type', operator: 'Equal', value: 'arm64', effect: PNS },
      { key: 'disk-type', operator: 'Equal', value: 'ssd', effect: PNS },
    ],
    [
      nodeA(),
      nodeB('cpu-type=arm64:PreferNoSchedule'),
      nodeC('cpu-type=arm64:PreferNoSchedule', 'disk-type=ssd:PreferNoSchedule'),
    ],
    [10, 10, 10]
  ),
  score(
    'the more untolerated PreferNoSchedule taints a node has, the lower its score',
    [{ key: 'foo', operator: 'Equal', value: 'bar', effect: PNS }],
    [
      nodeA(),
      nodeB('cpu-type=arm64:PreferNoSchedule'),
      nodeC('cpu-type=arm64:PreferNoSchedule', 'disk-type=ssd:PreferNoSchedule'),
    ],
    [10, 5, 0]
  ),
  score(
    'only taints and tolerations with effect PreferNoSchedule are taken into account by scoring',
    [
      { key: 'cpu-type', operator: 'Equal', value: 'arm64', effect: NS },
      { key: 'disk-type', operator: 'Equal', value: 'ssd', effect: NS },
    ],
    [
      nodeA(),
      nodeB('cpu-type=arm64:NoSchedule'),
      nodeC('cpu-type=arm64:PreferNoSchedule', 'disk-type=ssd:PreferNoSchedule'),
    ],
    [10, 10, 0]
  ),
  score(
    'a pod having no tolerations prefers a node without PreferNoSchedule taints',
    [],
    [nodeA(), nodeB('cpu-type=arm64:PreferNoSchedule')],
    [10, 0]
  ),

  // DefaultNormalizeScore (§3.4), rescaled: 10 - floor(10 * count / max).
  score('counts 0, 1, 2 normalise to 10, 5, 0', [], softTaintCounts(0, 1, 2), [10, 5, 0]),
  score(
    'counts 0, 1, 3 normalise to 10, 7, 0 (10 - floor(10/3))',
    [],
    softTaintCounts(0, 1, 3),
    [10, 7, 0]
  ),
  score(
    'counts 0, 1, 2, 3 normalise to 10, 7, 4, 0 (floor, not rounding, of 20/3)',
    [],
    softTaintCounts(0, 1, 2, 3),
    [10, 7, 4, 0]
  ),
  score(
    'counts 0, 0 normalise to 10, 10 because the maximum count is zero',
    [],
    softTaintCounts(0, 0),
    [10, 10]
  ),
  score(
    'counts 2, 2 normalise to 0, 0 because every node has the maximum count',
    [],
    softTaintCounts(2, 2),
    [0, 0]
  ),
  score('counts 1, 3 normalise to 7, 0', [], softTaintCounts(1, 3), [7, 0]),
  score(
    'counts 2, 3 normalise to 4, 0 (10 - floor(20/3), truncating 6.67)',
    [],
    softTaintCounts(2, 3),
    [4, 0]
  ),
  score('counts 1, 4 normalise to 8, 0 (10 - floor(2.5))', [], softTaintCounts(1, 4), [8, 0]),
  score('counts 3, 4 normalise to 3, 0 (10 - floor(7.5))', [], softTaintCounts(3, 4), [3, 0]),
  score('counts 3, 1 keep the node order and normalise to 0, 7', [], softTaintCounts(3, 1), [0, 7]),
  score('counts 5, 1 normalise to 0, 8 (10 - floor(10/5))', [], softTaintCounts(5, 1), [0, 8]),
  score(
    'counts 0, 7, 3 normalise to 10, 0, 6 (10 - floor(30/7))',
    [],
    softTaintCounts(0, 7, 3),
    [10, 0, 6]
  ),
  score('counts 1, 1, 2 normalise to 5, 5, 0', [], softTaintCounts(1, 1, 2), [5, 5, 0]),
  score(
    'a single node with an untolerated PreferNoSchedule taint scores 0',
    [],
    softTaintCounts(1),
    [0]
  ),
  score('a single node without taints scores 10', [], softTaintCounts(0), [10]),
  score('an empty node list gives an empty score list', [], [], []),
]
