import { helpText as serveFlagsText } from '../config/index.js'

/**
 * What `taint-extender help [COMMAND]` and `COMMAND --help` print: usage, flags and examples for
 * each command. The server's flags come from the table the server parses, so they cannot drift.
 */

export const EXIT_CODES = `Exit status:
  0  done (explain: the pod fits somewhere or is bound to a node, or --pending listed the
     pending pods; forecast: every evicted pod's replacement lands (--drain: and kubectl
     drain would complete); version, completion, help: printed)
  1  explain: the pod fits on no node, its scheduling cycle ends in an error, or scheduling
     gates hold it back; forecast: an evicted pod's replacement would stay Pending; forecast
     --drain: also when kubectl drain would not complete (a node's pods refused, an eviction
     failing, or a PodDisruptionBudget it would wait on)
  2  bad usage or bad input: no command, an unknown flag or command, a flag given twice, a file
     missing, unreadable or of the wrong kind, a pod the API server would refuse, a pod not found
  3  the cluster could not be read: unreachable, refused the credentials, or failed the list
`

/** For the commands that only print: version and completion. */
const PRINTING_EXIT_CODES = `Exit status:
  0  printed
  2  bad usage: an unknown flag, shell or output format
`

const OVERVIEW = `taint-extender: a kube-scheduler extender that filters, scores and vets preemption by taints
and tolerations as kube-scheduler's TaintToleration and NodeUnschedulable plugins do, and the
tools that say why.

Usage:
  taint-extender serve [flags]            run the extender (taint-extender serve --help: its flags)
  taint-extender explain POD [-n NS]      why a pod fits on some nodes and not others, node by node
  taint-extender explain --pending [-A]   every pending pod, grouped by what holds it back
  taint-extender forecast ...             what a new taint or a drain would do to some nodes' pods
  taint-extender version                  the version, the commit it was built from, Node.js's
  taint-extender completion bash|zsh      a shell completion script
  taint-extender help [COMMAND]           this text, or a command's (also: COMMAND --help)

Every command takes --help and --version. As a kubectl plugin (kubectl-taint_extender on the
PATH) the same commands run as kubectl taint-extender COMMAND.

Examples:
  taint-extender explain web-0 -n shop
  kubectl taint-extender explain --pending -A
  taint-extender forecast --taint maintenance=planned:NoExecute --node worker-1 --node worker-2
  source <(taint-extender completion bash)

${EXIT_CODES}`

const CLUSTER = `The cluster is found as kubectl finds it: --kubeconfig FILE; else the files KUBECONFIG
lists; else ~/.kube/config; else the service account of the pod the tool runs in; --context
picks a context other than the current one, and an http:// server (kubectl proxy) is used as
plain HTTP. Files are kubectl get -o json|yaml output (or a manifest), or - for stdin; a file of
the wrong kind (pods where nodes are wanted) is refused.`

const OUTPUT = `  -o, --output FORMAT       table (default), wide (more columns), json or yaml`

const COMMON = `  --kubeconfig FILE         the cluster to read
  --context NAME            the kubeconfig context to use (default: the current one)
${OUTPUT}
  --feature-gates G=true    as your kube-scheduler has them (default upstream's:
                            TaintTolerationComparisonOperators=false)
  --version                 the version, and exit
  -h, --help                this text`

const EXPLAIN = `Usage: taint-extender explain (POD [-n NAMESPACE] | --pod FILE|- | --pending [-n NAMESPACE | -A]) [flags]

Why a pod fits on some nodes and not others, as kube-scheduler decides it: per node, the first
constraint that turns it away (cordons, nodeName, taints with each Gt/Lt comparison, nodeSelector
and node affinity, host ports, resources and the pod count, inter-pod affinity) and its detail
(say cpu: requests 3500m, free 1200m), the scores, and a one-line summary: kube-scheduler's own
"0/N nodes are available: ..." when the pod fits nowhere, with preemption's part and the victims
it would evict when the pods' priorities decide it, and "fits on N of M node(s); the other K: ..."
when it fits (kube-scheduler writes no message then). A pod with scheduling gates is never
tried: "waiting for scheduling gates: [...]" leads, and the nodes are judged as they will be once
the gates are removed. The pod's tolerations are first checked as the API server checks them.
With --pending, every pod bound to no node and not finished, each with its summary, grouped by
the reason that decides it.

Flags:
  -n, --namespace NAME      the namespace of POD, or of --pending (default: the context's)
  --pod FILE|-              the pod, as kubectl get pod -o yaml prints it, instead of POD
  --pending                 every pending pod, instead of one
  -A, --all-namespaces      with --pending: the pending pods of every namespace
  --nodes FILE|-            the nodes; without it, the cluster's
  --pods FILE               the other pods, placed or nominated (kubectl get pods -A -o yaml),
                            for resources, host ports, inter-pod affinity and preemption (and
                            --pending's pods); without --nodes, the cluster's
  --namespaces FILE         the namespaces (kubectl get ns -o yaml), for a namespaceSelector
  --pdbs FILE               the PodDisruptionBudgets (kubectl get pdb -A -o yaml), for the
                            victims preemption picks; without --nodes, the cluster's
  --workloads FILE          the controllers and Services (kubectl get deploy,rs,sts,ds,jobs,
                            rc,svc -A -o yaml); those a --pods List holds are read too;
                            without --nodes, the cluster's
  --storage FILE            the PersistentVolumeClaims, PersistentVolumes, StorageClasses,
                            CSINodes, VolumeAttachments, CSIDrivers and CSIStorageCapacities
                            (kubectl get pvc,pv,storageclass,csinode,volumeattachment,
                            csidriver,csistoragecapacity -A -o yaml), read for a pod whose
                            volumes name claims: its claims, the volumes they are bound to or
                            could bind or provision, and the drivers' attach limits; without
                            --nodes, the cluster's
  --evicting-nodes MODE     as the extender has it: reject (default) rejects a node whose
                            NoExecute taint the pod tolerates only for tolerationSeconds;
                            avoid and allow let it fit. Each such node's eviction is shown
  --kube-version VERSION    the Kubernetes release to speak for, 1.28 to 1.35 (1.28.7 names a
                            patch): its kube-scheduler's wording and rules; default: the API
                            server's, or 1.35 when every input is a file
${COMMON}

${CLUSTER}

-o wide adds each node's taints (explain) or the count of nodes that fit (--pending).

Examples:
  taint-extender explain web-0 -n shop --context prod
  kubectl get pod web-0 -o yaml | taint-extender explain --pod -
  taint-extender explain --pod pod.yaml --nodes nodes.yaml -o json
  taint-extender explain --pod pod.yaml --nodes nodes.yaml --pods pods.yaml --namespaces ns.yaml
  taint-extender explain --pod pod.yaml --nodes nodes.yaml --pods pods.yaml --pdbs pdbs.yaml
  taint-extender explain --pending -A -o wide

${EXIT_CODES}`

const FORECAST = `Usage: taint-extender forecast --taint KEY[=VALUE]:EFFECT (--node NAME... | -l SELECTOR) [flags]
       taint-extender forecast (--taint KEY:EFFECT- | --taint KEY- | --uncordon) (--node NAME... | -l SELECTOR) [flags]
       taint-extender forecast --drain (--node NAME... | -l SELECTOR) [drain flags] [flags]

What a new taint would do before kubectl taint adds it: for NoExecute, which running pods are
evicted at once, later (tolerationSeconds) or stay, and then, eviction by eviction, who
replaces each pod, where the replacement lands or why it stays Pending, and the
PodDisruptionBudgets the evictions break; for every effect, which pending pods it turns away or
ranks lower.
A taint removed (a trailing "-", as kubectl taint removes one) or a cordon lifted (--uncordon, as
kubectl uncordon) evicts nothing: which running pods it spares, then each pending pod tried
again in kube-scheduler's queue order with the pods DaemonSets then make there, where each lands
or why it stays Pending, and the pods a preemption deletes followed as above.
With --drain, what kubectl drain with the same flags would do: each node cordoned, then node by
node which pods it evicts, leaves, or cannot delete, and which evictions a PodDisruptionBudget
refuses (where drain would wait, retrying every 5 s); then the same following of the evicted pods.

Flags:
  --taint KEY[=VALUE]:EFFECT
                            the taint, as kubectl taint reads it (required); KEY:EFFECT- or
                            KEY- removes it instead, from nodes that must all have it
  --node NAME               a node to taint: repeat it, or give NAME,NAME; or:
  -l, --selector SELECTOR   the nodes to taint, as kubectl get -l selects them
  --nodes FILE|-            the nodes; without it, the cluster's
  --pods FILE|-             the pods; without it, the cluster's (those on the chosen nodes,
                            those still pending, and for NoExecute every pod bound to a node)
  --pdbs FILE|-             PodDisruptionBudgets (kubectl get pdb -A -o yaml), which the
                            evictions may break; without it, the cluster's, or none with --nodes
  --namespaces FILE|-       namespaces, for a namespaceSelector; without it, the cluster's
  --workloads FILE|-        the controllers and Services (kubectl get deploy,rs,sts,ds,jobs,
                            rc,svc -A -o yaml), for who replaces an evicted pod; those a
                            --pods List holds are read too; without it, the cluster's
  --storage FILE|-          the PersistentVolumeClaims, PersistentVolumes, StorageClasses,
                            CSINodes, VolumeAttachments, CSIDrivers and CSIStorageCapacities
                            (kubectl get pvc,pv,storageclass,csinode,volumeattachment,
                            csidriver,csistoragecapacity -A -o yaml), for a replacement or a
                            pending pod whose volumes name claims; without it, the cluster's
  --evicting-nodes MODE     as the extender has it: reject (default) turns away a pending pod
                            the new NoExecute taint would evict after tolerationSeconds;
                            avoid ranks the node lower for it; allow neither
  --kube-version VERSION    the Kubernetes release to speak for, 1.28 to 1.35 (1.28.7 names a
                            patch): its kube-scheduler's wording and rules; default: the API
                            server's, or 1.35 when every input is a file
  --uncordon                forecast kubectl uncordon on the nodes instead of a taint
  --drain                   forecast kubectl drain on the nodes instead of a taint
  --ignore-daemonsets       as kubectl drain's: leave DaemonSet-managed pods (--drain)
  --delete-emptydir-data    as kubectl drain's: evict pods with emptyDir volumes (--drain)
  --force                   as kubectl drain's: evict pods no controller owns (--drain)
  --disable-eviction        as kubectl drain's: delete instead of evicting, so no
                            PodDisruptionBudget is checked (--drain)
  --pod-selector SELECTOR   as kubectl drain's: only the pods it matches (--drain)
  --timeout DURATION        as kubectl drain's: give up on a node's evictions after it, as
                            90s or 2m; default 0, never (--drain)
  --grace-period SECONDS    as kubectl drain's: each evicted pod's time to stop; default -1,
                            the pod's terminationGracePeriodSeconds (--drain)
${COMMON}

${CLUSTER}

-o wide adds each running pod's outcome before the taint.

Examples:
  taint-extender forecast --taint maintenance=planned:NoExecute --node worker-1 --node worker-2
  taint-extender forecast --taint gpu=true:NoSchedule -l 'pool in (gpu)' --nodes nodes.yaml --pods pods.yaml
  taint-extender forecast --taint dedicated:NoSchedule- --node worker-3
  taint-extender forecast --uncordon --node worker-3
  taint-extender forecast --drain --node worker-1 --ignore-daemonsets --delete-emptydir-data

${EXIT_CODES}`

const VERSION = `Usage: taint-extender version [-o json|yaml]

The version (package.json's), the commit the build was made from ("unknown" when the build did
not know it) and the Node.js version running it: what GET /version and the
taint_extender_build_info metric report. --version on any command prints the same.

Flags:
  -o, --output FORMAT       json or yaml (default: three lines of text)
  --version                 the same three lines (as on every command)
  -h, --help                this text

Examples:
  taint-extender version
  kubectl taint-extender version -o json

${PRINTING_EXIT_CODES}`

const COMPLETION = `Usage: taint-extender completion bash|zsh

A completion script for the shell: commands, flags, files, and names read from the cluster
(nodes for forecast --node, pods for explain POD, namespaces for -n, contexts for --context),
with the --kubeconfig, --context and -n already typed. It completes taint-extender and
kubectl-taint_extender alike.

kubectl taint-extender <TAB> needs no script: kubectl asks kubectl_complete-taint_extender,
which the npm package installs beside taint-extender. Elsewhere (the image, a copy of dist/),
put on the PATH an executable file of that name holding:
  #!/bin/sh
  exec taint-extender __complete "$@"

Flags:
  --version                 the version, and exit
  -h, --help                this text

Examples:
  source <(taint-extender completion bash)
  taint-extender completion zsh > "\${fpath[1]}/_taint-extender"
  kubectl taint-extender forecast --node <TAB>

${PRINTING_EXIT_CODES}`

export type Command = 'serve' | 'explain' | 'forecast' | 'version' | 'completion' | 'help'

export const COMMAND_NAMES: readonly Command[] = [
  'serve',
  'explain',
  'forecast',
  'version',
  'completion',
  'help',
]

/** The help of `command`, or the overview when none is named. */
export function helpFor(command: Command | undefined): string {
  switch (command) {
    case 'explain':
      return EXPLAIN
    case 'forecast':
      return FORECAST
    case 'version':
      return VERSION
    case 'completion':
      return COMPLETION
    case 'serve':
      return serveFlagsText()
    case 'help':
    case undefined:
      return OVERVIEW
  }
}
