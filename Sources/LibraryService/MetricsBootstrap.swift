import Metrics
import Prometheus
import Synchronization

/// The process's metrics: swift-metrics bootstrapped once with a Prometheus registry, which `/metrics` renders.
public enum MetricsBootstrap {
    /// The registry every metric of this process reports to.
    public static let registry = PrometheusCollectorRegistry()
    private static let done = Mutex(false)

    /// Bootstraps swift-metrics with the Prometheus factory (only the first call does anything).
    public static func bootstrapOnce() {
        done.withLock { done in
            guard !done else { return }
            done = true
            MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
        }
    }
}
