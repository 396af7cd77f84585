import { helpText as serveFlagsText } from '../config/index.js'

/**
 * What `taint-extender help [COMMAND]` and `COMMAND --help` print: usage, flags and examples for
 * each command. The server's flags come from the table the server parses, so they cannot drift.
 */

export const EXIT_CODES = `Exit status:
  0  done (explain: the pod fits somewhere; forecast: the forecast was made)
  1  explain: the pod fits on no node, or its scheduling cycle ends in an error
  2  bad usage or bad input: an unknown flag or command, a missing or unreadable file
  3  the cluster could not be read: unreachable, refused the credentials, or failed the list
`

const OVERVIEW = `taint-extender: a kube-scheduler extender that filters, scores and vets preemption by taints
and tolerations as kube-scheduler's TaintToleration and NodeUnschedulable plugins do, and two
tools that say why.

Usage:
  taint-extender [serve] [flags]   run the extender (taint-extender serve --help lists its flags)
  taint-extender explain ...       why a pod fits on some nodes and not others, node by node
  taint-extender forecast ...      what a new taint would do to the pods on some nodes
  taint-extender help [COMMAND]    this text, or a command's (also: COMMAND --help)

Examples:
  taint-extender serve --kubeconfig ~/.kube/config
  taint-extender explain --pod pod.yaml
  taint-extender forecast --taint maintenance=planned:NoExecute --node worker-1

${EXIT_CODES}`

const CLUSTER = `Without --nodes (and, for forecast, --pods) the cluster is read, found as kubectl finds it:
--kubeconfig FILE; else the files KUBECONFIG lists; else ~/.kube/config; else the service
account of the pod the tool runs in. Files are kubectl get -o json|yaml output, or - for stdin.`

const EXPLAIN = `Usage: taint-extender explain --pod FILE|- [--nodes FILE|-] [flags]

Why a pod fits on some nodes and not others, as kube-scheduler decides it: per node, the first
constraint that turns it away (cordons, nodeName, taints with each Gt/Lt comparison, nodeSelector
and node affinity, host ports, resources and the pod count, inter-pod affinity) and its detail
(say cpu: requests 3500m, free 1200m), the scores, and kube-scheduler's own summary line, with
preemption's part and the victims it would evict when the pods' priorities decide it.

Flags:
  --pod FILE|-              the pod, as kubectl get pod -o yaml prints it (required)
  --nodes FILE|-            the nodes; without it, the cluster's
  --pods FILE               the other pods, placed or nominated (kubectl get pods -A -o yaml),
                            for resources, host ports, inter-pod affinity and preemption;
                            without --nodes, the cluster's
  --namespaces FILE         the namespaces (kubectl get ns -o yaml), for a namespaceSelector
  --pdbs FILE               the PodDisruptionBudgets (kubectl get pdb -A -o yaml), for the
                            victims preemption picks; without --nodes, the cluster's
  --kubeconfig FILE         the cluster to read
  -o, --output json|table   json for scripts (default table)
  --feature-gates G=true    as your kube-scheduler has them (default upstream's:
                            TaintTolerationComparisonOperators=false)
  --evicting-nodes MODE     as the extender has it: reject (default) rejects a node whose
                            NoExecute taint the pod tolerates only for tolerationSeconds;
                            avoid and allow let it fit. Each such node's eviction is shown
  -h, --help                this text

${CLUSTER}

Examples:
  kubectl get pod web-0 -o yaml | taint-extender explain --pod -
  taint-extender explain --pod pod.yaml --nodes nodes.yaml -o json
  taint-extender explain --pod pod.yaml --nodes nodes.yaml --pods pods.yaml --namespaces ns.yaml
  taint-extender explain --pod pod.yaml --nodes nodes.yaml --pods pods.yaml --pdbs pdbs.yaml

${EXIT_CODES}`

const FORECAST = `Usage: taint-extender forecast --taint KEY[=VALUE]:EFFECT (--node NAME | -l SELECTOR) [flags]

What a new taint would do before kubectl taint adds it: for NoExecute, which running pods are
evicted at once, later (tolerationSeconds) or stay; for every effect, which pending pods it turns
away or ranks lower.

Flags:
  --taint KEY[=VALUE]:EFFECT   the taint, as kubectl taint reads it (required)
  --node NAME                  the node to taint, or:
  -l, --selector SELECTOR      the nodes to taint, as kubectl get -l selects them
  --nodes FILE|-               the nodes; without it, the cluster's
  --pods FILE|-                the pods; without it, the cluster's (only those on the chosen
                               nodes and those still pending)
  --kubeconfig FILE            the cluster to read
  -o, --output json|table      json for scripts (default table)
  --feature-gates G=true       as your kube-scheduler has them (default upstream's)
  -h, --help                   this text

${CLUSTER}

Examples:
  taint-extender forecast --taint maintenance=planned:NoExecute --node worker-1
  taint-extender forecast --taint gpu=true:NoSchedule -l 'pool in (gpu)' --nodes nodes.yaml --pods pods.yaml

${EXIT_CODES}`

export type Command = 'serve' | 'explain' | 'forecast' | 'help'

/** The help of `command`, or the overview when none is named. */
export function helpFor(command: Command | undefined): string {
  switch (command) {
    case 'explain':
      return EXPLAIN
    case 'forecast':
      return FORECAST
    case 'serve':
      return serveFlagsText()
    case 'help':
    case undefined:
      return OVERVIEW
  }
}
