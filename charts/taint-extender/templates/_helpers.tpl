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
*/}}
{{- define "taint-extender.clusterVersion" -}}
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

{{/* The port health and metrics are served on: the probe port under TLS, else the main one. */}}
{{- define "taint-extender.metricsPortName" -}}
{{- if .Values.tls.enabled -}}probes{{- else -}}http{{- end -}}
{{- end -}}

{{- define "taint-extender.metricsPort" -}}
{{- if .Values.tls.enabled -}}{{ .Values.probePort }}{{- else -}}{{ .Values.port }}{{- end -}}
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
- --probe-port={{ .Values.probePort }}
{{- end }}
{{- /* Not a preStop sleep, which Kubernetes 1.28 refuses and 1.29 has only behind a gate. */}}
- --shutdown-delay-seconds=5
{{- with .Values.extraArgs }}
{{ toYaml . }}
{{- end }}
{{- end -}}
