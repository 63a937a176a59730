import Foundation
import CoreGraphics

/// A memory cache of finished images with a byte budget: least recently used out first.
///
/// Cost is the bitmap's bytes (`bytesPerRow × height`). An image larger than the whole budget is not kept.
/// Threading: thread-safe (one lock; every operation is O(1) apart from eviction, which is O(evicted)).
public final class ImageCache<Key: Hashable & Sendable>: @unchecked Sendable {
    /// One cached image and whether it is only a degraded stand-in for the requested one.
    public struct Entry: @unchecked Sendable {
        public var image: CGImage
        public var isDegraded: Bool
        public init(image: CGImage, isDegraded: Bool) { self.image = image; self.isDegraded = isDegraded }
        var cost: Int { image.bytesPerRow * image.height }
    }

    private final class Node {
        let key: Key
        var entry: Entry
        var previous: Node?
        var next: Node?
        init(key: Key, entry: Entry) { self.key = key; self.entry = entry }
    }

    private let lock = NSLock()
    private var nodes: [Key: Node] = [:]
    private var newest: Node?
    private var oldest: Node?
    private var bytes = 0
    private var budget: Int
    private(set) var hitCount = 0
    private(set) var missCount = 0

    /// A cache holding at most `budget` bytes of bitmaps.
    public init(budget: Int) { self.budget = max(0, budget) }

    /// The byte budget; lowering it evicts at once.
    public var byteBudget: Int {
        get { lock.lock(); defer { lock.unlock() }; return budget }
        set { lock.lock(); budget = max(0, newValue); evict(); lock.unlock() }
    }

    /// Bytes currently held.
    public var totalBytes: Int { lock.lock(); defer { lock.unlock() }; return bytes }
    /// Entries currently held.
    public var count: Int { lock.lock(); defer { lock.unlock() }; return nodes.count }
    /// Lookups that found an entry / found none, since creation.
    public var statistics: (hits: Int, misses: Int) { lock.lock(); defer { lock.unlock() }; return (hitCount, missCount) }

    /// The entry for `key`, which becomes the most recently used.
    public func entry(for key: Key) -> Entry? {
        lock.lock(); defer { lock.unlock() }
        guard let node = nodes[key] else { missCount += 1; return nil }
        hitCount += 1
        moveToFront(node)
        return node.entry
    }

    /// True when `key` is cached (without touching its recency).
    public func contains(_ key: Key) -> Bool { lock.lock(); defer { lock.unlock() }; return nodes[key] != nil }

    /// Stores an entry as the most recently used, evicting the least recently used ones over budget. A degraded
    /// entry never replaces a final one.
    public func insert(_ entry: Entry, for key: Key) {
        lock.lock(); defer { lock.unlock() }
        guard entry.cost <= budget else { return }
        if let node = nodes[key] {
            if entry.isDegraded && !node.entry.isDegraded { moveToFront(node); return }
            bytes += entry.cost - node.entry.cost
            node.entry = entry
            moveToFront(node)
        } else {
            let node = Node(key: key, entry: entry)
            nodes[key] = node
            bytes += entry.cost
            link(node)
        }
        evict()
    }

    /// Drops one entry.
    public func remove(_ key: Key) {
        lock.lock(); defer { lock.unlock() }
        if let node = nodes.removeValue(forKey: key) { unlink(node); bytes -= node.entry.cost }
    }

    /// Drops every entry whose key matches.
    public func removeAll(where predicate: (Key) -> Bool) {
        lock.lock(); defer { lock.unlock() }
        for (key, node) in nodes where predicate(key) {
            nodes[key] = nil
            unlink(node)
            bytes -= node.entry.cost
        }
    }

    /// Drops everything.
    public func removeAll() {
        lock.lock(); defer { lock.unlock() }
        nodes.removeAll()
        newest = nil
        oldest = nil
        bytes = 0
    }

    // MARK: List upkeep (lock held)

    private func evict() {
        while bytes > budget, let victim = oldest {
            nodes[victim.key] = nil
            unlink(victim)
            bytes -= victim.entry.cost
        }
    }

    private func link(_ node: Node) {
        node.next = newest
        node.previous = nil
        newest?.previous = node
        newest = node
        if oldest == nil { oldest = node }
    }

    private func unlink(_ node: Node) {
        node.previous?.next = node.next
        node.next?.previous = node.previous
        if newest === node { newest = node.next }
        if oldest === node { oldest = node.previous }
        node.previous = nil
        node.next = nil
    }

    private func moveToFront(_ node: Node) {
        guard newest !== node else { return }
        unlink(node)
        link(node)
    }
}
