{{/*
The second scheduler's KubeSchedulerConfiguration. With the release and namespace both named
taint-extender it is scheduler-config/second-scheduler.yaml with TLS off, and
deploy/second-scheduler/cert-manager/scheduler-config.yaml with TLS on, field for field (a test
holds them equal); those files explain each value. Filter only: the in-tree TaintToleration
scores PreferNoSchedule already.
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
    preemptVerb: preempt
    httpTimeout: 2s
    nodeCacheCapable: {{ eq .Values.mode "node-cache" }}
    ignorable: false
    {{- if .Values.tls.enabled }}
    enableHTTPS: true
    tlsConfig:
      caFile: /etc/kubernetes/taint-extender-client/ca.crt
      certFile: /etc/kubernetes/taint-extender-client/tls.crt
      keyFile: /etc/kubernetes/taint-extender-client/tls.key
      serverName: {{ include "taint-extender.fullname" . }}.{{ .Release.Namespace }}.svc
    {{- end }}
{{- end -}}
