{{/* The chart's name, or nameOverride: the pods' app.kubernetes.io/name. */}}
{{- define "taint-extender.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/*
fullnameOverride, or the release's name when it holds the chart's (or nameOverride's), or
<release>-<name>.
*/}}
{{- define "taint-extender.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- $name := include "taint-extender.name" . -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{- define "taint-extender.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "taint-extender.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- required "serviceAccount.name is required with serviceAccount.create: false" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{/* repository@digest when a digest is given, else repository:tag (the tag defaulting to appVersion). */}}
{{- define "taint-extender.image" -}}
{{- $image := index . 0 -}}
{{- if $image.digest -}}
{{- printf "%s@%s" $image.repository $image.digest -}}
{{- else -}}
{{- printf "%s:%s" $image.repository ($image.tag | default (index . 1)) -}}
{{- end -}}
{{- end -}}

{{/*
The cluster's Kubernetes version as an image tag, vMAJOR.MINOR.PATCH: a provider's suffix
(v1.28.7-eks-…, v1.28.7-gke.…) dropped, since registry.k8s.io tags only upstream releases.

Rendered offline (helm template, lint, install --dry-run=client: lookup answers nothing, not even
the kube-system namespace every cluster has) without --kube-version, helm assumes its own client
library's release (v1.35.0 for helm 4.1), which would run a kube-scheduler newer than a 1.28 API
server, outside the version skew policy: refused, saying what to pass, unless the image is pinned.
*/}}
{{- define "taint-extender.clusterVersion" -}}
{{- $image := .Values.secondScheduler.image -}}
{{- $helm := .Capabilities.HelmVersion | toJson | fromJson -}}
{{- $assumed := printf "%s.0" (get $helm "kube_client_version") -}}
{{- $offline := not (lookup "v1" "Namespace" "" "kube-system") -}}
{{- if and $offline (eq .Capabilities.KubeVersion.Version $assumed) (not $image.tag) (not $image.digest) -}}
{{- fail (printf "secondScheduler.image.tag: rendered without a cluster, helm assumes Kubernetes %s, its own; pass the cluster's version (--kube-version 1.28.7, as kubectl version prints the server's) or set secondScheduler.image.tag, so the second scheduler is not newer than the API server" $assumed) -}}
{{- end -}}
{{- regexFind "^v[0-9]+\\.[0-9]+\\.[0-9]+" .Capabilities.KubeVersion.Version -}}
{{- end -}}

{{/* The Secret holding the second scheduler's own client certificate, under TLS. */}}
{{- define "taint-extender.schedulerClientSecretName" -}}
{{- .Values.secondScheduler.clientCertSecretName | default (printf "%s-second-scheduler-client" (include "taint-extender.fullname" .)) -}}
{{- end -}}

{{- define "taint-extender.schedulerName" -}}
{{- printf "%s-scheduler" (include "taint-extender.fullname" .) | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "taint-extender.tlsSecretName" -}}
{{- .Values.tls.secretName | default (printf "%s-tls" (include "taint-extender.fullname" .)) -}}
{{- end -}}

{{/* Selector labels; the component label tells the extender's pods from the scheduler's. */}}
{{- define "taint-extender.selectorLabels" -}}
app.kubernetes.io/name: {{ include "taint-extender.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{- define "taint-extender.labels" -}}
{{ include "taint-extender.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/part-of: taint-extender
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end -}}

{{/* The address kube-scheduler calls. */}}
{{- define "taint-extender.url" -}}
{{- printf "%s://%s.%s.svc:%v" (ternary "https" "http" .Values.tls.enabled) (include "taint-extender.fullname" .) .Release.Namespace .Values.port -}}
{{- end -}}

{{- define "taint-extender.args" -}}
- --port={{ .Values.port }}
- --evicting-nodes={{ .Values.evictingNodes }}
- --log-level={{ .Values.logLevel }}
- --max-body={{ .Values.maxBody }}
{{- if .Values.maxBodyBytesInFlight }}
- --max-body-bytes-in-flight={{ .Values.maxBodyBytesInFlight }}
{{- end }}
{{- if .Values.featureGates }}
{{- $gates := list }}
{{- range $gate, $on := .Values.featureGates }}
{{- $gates = append $gates (printf "%s=%t" $gate $on) }}
{{- end }}
- --feature-gates={{ join "," $gates }}
{{- end }}
{{- if eq .Values.mode "full-node" }}
- --disable-node-cache
{{- end }}
{{- if .Values.enableExplainEndpoint }}
- --enable-explain-endpoint
{{- end }}
{{- if .Values.tls.enabled }}
- --tls-cert-file=/etc/taint-extender/tls/tls.crt
- --tls-private-key-file=/etc/taint-extender/tls/tls.key
- --client-ca-file=/etc/taint-extender/tls/ca.crt
{{- with .Values.tls.clientNames }}
- --client-name={{ join "," . }}
{{- end }}
{{- end }}
{{- /* Probes and scrapes on a port of their own, which a flood of the verbs port cannot fill. */}}
- --probe-port={{ .Values.probePort }}
{{- /* Not a preStop sleep, which Kubernetes 1.28 refuses and 1.29 has only behind a gate. */}}
- --shutdown-delay-seconds={{ .Values.shutdownDelaySeconds }}
{{- include "taint-extender.checkExtraArgs" . }}
{{- include "taint-extender.checkExtraEnv" . }}
{{- with .Values.extraArgs }}
{{ toYaml . }}
{{- end }}
{{- end -}}

{{/*
The flags taint-extender.args renders, each with the value that sets it and how to set that.
The extender refuses a flag given twice, so one of these in extraArgs would crash-loop the pod.
*/}}
{{- define "taint-extender.chartFlags" -}}
port: [port, port]
evicting-nodes: [evictingNodes, evictingNodes]
log-level: [logLevel, logLevel]
max-body: [maxBody, maxBody]
max-body-bytes-in-flight: [maxBodyBytesInFlight, maxBodyBytesInFlight]
feature-gates: [featureGates, featureGates]
disable-node-cache: [mode, mode=full-node]
enable-explain-endpoint: [enableExplainEndpoint, enableExplainEndpoint]
tls-cert-file: [tls, tls.enabled with tls.secretName or tls.certManager]
tls-private-key-file: [tls, tls.enabled with tls.secretName or tls.certManager]
client-ca-file: [tls, tls.enabled with tls.secretName or tls.certManager]
client-name: [tls.clientNames, tls.clientNames]
probe-port: [probePort, probePort]
shutdown-delay-seconds: [shutdownDelaySeconds, shutdownDelaySeconds]
{{- end -}}

{{/*
Refuses extraArgs the extender would refuse at start: a flag the chart sets, a flag given twice,
or a value that follows no flag. A flag is `--flag=value` or `--flag` and its value as the next
entry; its name is what comes before `=`.
*/}}
{{- define "taint-extender.checkExtraArgs" -}}
{{- $chartFlags := include "taint-extender.chartFlags" . | fromYaml }}
{{- $seen := dict }}
{{- $awaitingValue := false }}
{{- range $arg := .Values.extraArgs }}
{{- if hasPrefix "--" $arg }}
{{- $name := first (splitList "=" (trimPrefix "--" $arg)) }}
{{- with get $chartFlags $name }}
{{- fail (printf "extraArgs: --%s is the chart's %s value; set %s instead (the extender refuses a flag given twice)" $name (first .) (last .)) }}
{{- end }}
{{- if hasKey $seen $name }}
{{- fail (printf "extraArgs: --%s is given more than once (the extender refuses a flag given twice)" $name) }}
{{- end }}
{{- $_ := set $seen $name true }}
{{- $awaitingValue = not (contains "=" $arg) }}
{{- else if $awaitingValue }}
{{- $awaitingValue = false }}
{{- else }}
{{- fail (printf "extraArgs: %q follows no flag waiting for a value; give a flag as --flag=value, or --flag and its value as the next entry" $arg) }}
{{- end }}
{{- end }}
{{- if $awaitingValue }}
{{- fail (printf "extraArgs: %s ends the list without its value; give it as %s=value, or its value as the next entry" (last .Values.extraArgs) (last .Values.extraArgs)) }}
{{- end }}
{{- end -}}

{{/*
Refuses extraEnv naming the variable of a flag the chart sets (the flag's name in capitals, "-"
as "_": LOG_LEVEL for --log-level). A flag beats its variable, so the variable would be silently
ignored where the flag is rendered, and would take effect behind the chart's value where not.
*/}}
{{- define "taint-extender.checkExtraEnv" -}}
{{- $chartFlags := include "taint-extender.chartFlags" . | fromYaml }}
{{- range $env := .Values.extraEnv }}
{{- $flag := $env.name | lower | replace "_" "-" }}
{{- with get $chartFlags $flag }}
{{- fail (printf "extraEnv: %s is the variable of --%s, the chart's %s value; set %s instead (the flag the chart renders beats the variable)" $env.name $flag (first .) (last .)) }}
{{- end }}
{{- end }}
{{- end -}}
