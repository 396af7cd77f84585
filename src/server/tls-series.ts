import { Counter, Gauge, type Registry } from 'prom-client'

/** What the series read of a served certificate: its notAfter, as X509Certificate prints it. */
export interface ServedCertificate {
  readonly validTo: string
}

/**
 * The serving certificate's series, registered only when the service serves TLS: a server
 * without a certificate would otherwise export an expiry of 0, which reads as long expired.
 *
 * The expiry is a Unix timestamp, as cert-manager's certmanager_certificate_expiration_timestamp
 * _seconds, so one alert shape (`... - time() < 7 * 86400`) fits both. The reload pair mirrors
 * Prometheus's own prometheus_config_last_reload_successful: a rotation whose files cannot be
 * served leaves the old certificate in place, and only this gauge shows that it did.
 */
export class TlsSeries {
  readonly #expiry: Gauge
  readonly #lastReloadSuccessful: Gauge
  readonly #reloads: Counter<'result'>

  constructor(registry: Registry, served: ServedCertificate) {
    const registers = [registry]
    this.#expiry = new Gauge({
      name: 'taint_extender_tls_certificate_expiration_timestamp_seconds',
      help: 'When the serving certificate expires (its notAfter), in seconds since the epoch.',
      registers,
    })
    this.#lastReloadSuccessful = new Gauge({
      name: 'taint_extender_tls_last_reload_successful',
      help:
        '1 while the certificate files on disk are the ones served, 0 when they changed and ' +
        'cannot be served (the previous certificate is kept).',
      registers,
    })
    this.#reloads = new Counter({
      name: 'taint_extender_tls_reloads_total',
      help:
        'Changes of the certificate files, by result: success (served) or failure (the ' +
        'previous certificate kept).',
      labelNames: ['result'],
      registers,
    })
    // At zero from the start, so that an alert on increase() sees the first one.
    this.#reloads.inc({ result: 'success' }, 0)
    this.#reloads.inc({ result: 'failure' }, 0)
    this.#serve(served)
  }

  /** A rotated certificate is now served. */
  reloaded(served: ServedCertificate): void {
    this.#reloads.inc({ result: 'success' })
    this.#serve(served)
  }

  /** The files changed but cannot be served; the previous certificate stays. */
  reloadFailed(): void {
    this.#reloads.inc({ result: 'failure' })
    this.#lastReloadSuccessful.set(0)
  }

  #serve(served: ServedCertificate): void {
    // X509Certificate prints notAfter as `Nov 22 23:00:00 2027 GMT`, which Date.parse reads;
    // validToDate, the Date itself, needs Node 22.10.
    this.#expiry.set(Date.parse(served.validTo) / 1000)
    this.#lastReloadSuccessful.set(1)
  }
}
