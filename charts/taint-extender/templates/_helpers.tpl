{{/* The release's objects are named after it, or <release>-taint-extender when it does not say. */}}
{{- define "taint-extender.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- define "taint-extender.schedulerName" -}}
{{- printf "%s-scheduler" (include "taint-extender.fullname" .) | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "taint-extender.tlsSecretName" -}}
{{- .Values.tls.secretName | default (printf "%s-tls" (include "taint-extender.fullname" .)) -}}
{{- end -}}

{{/* Selector labels; the component label tells the extender's pods from the scheduler's. */}}
{{- define "taint-extender.selectorLabels" -}}
app.kubernetes.io/name: {{ .Chart.Name }}
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
{{- with .Values.extraArgs }}
{{ toYaml . }}
{{- end }}
{{- end -}}
