{{/*
The second scheduler's KubeSchedulerConfiguration. With the release and namespace both named
taint-extender and TLS off it is scheduler-config/second-scheduler.yaml, field for field (a
test holds them equal); that file explains each value.
*/}}
{{- define "taint-extender.secondSchedulerConfig" -}}
apiVersion: kubescheduler.config.k8s.io/v1
kind: KubeSchedulerConfiguration
leaderElection:
  leaderElect: true
  resourceLock: leases
  resourceName: {{ include "taint-extender.schedulerName" . }}
  resourceNamespace: {{ .Release.Namespace }}
  leaseDuration: 15s
  renewDeadline: 10s
  retryPeriod: 2s
profiles:
  - schedulerName: {{ .Values.secondScheduler.schedulerName }}
extenders:
  - urlPrefix: {{ include "taint-extender.url" . }}
    filterVerb: filter
    prioritizeVerb: prioritize
    preemptVerb: preempt
    weight: 1
    httpTimeout: 2s
    nodeCacheCapable: {{ eq .Values.mode "node-cache" }}
    ignorable: false
    {{- if .Values.tls.enabled }}
    enableHTTPS: true
    tlsConfig:
      caFile: /etc/kubernetes/taint-extender-tls/ca.crt
      certFile: /etc/kubernetes/taint-extender-tls/tls.crt
      keyFile: /etc/kubernetes/taint-extender-tls/tls.key
      serverName: {{ include "taint-extender.fullname" . }}.{{ .Release.Namespace }}.svc
    {{- end }}
{{- end -}}
