/// A set of identifiers that also hands out random members in constant time: the soak's workers pick from tens of
/// thousands of their own photos under one lock, thousands of times a minute, so a pick must not walk the list.
struct IdentifierPool {
    private var members: [String] = []
    private var positions: [String: Int] = [:]

    var count: Int { members.count }

    mutating func insert(_ identifier: String) {
        guard positions[identifier] == nil else { return }
        positions[identifier] = members.count
        members.append(identifier)
    }

    /// Removes by moving the last member into the hole (order is not kept).
    mutating func remove(_ identifier: String) {
        guard let position = positions.removeValue(forKey: identifier) else { return }
        let last = members.removeLast()
        if position < members.count {
            members[position] = last
            positions[last] = position
        }
    }

    func randomElement() -> String? { members.randomElement() }

    /// A random member not in `excluded`, found by trying random positions (the excluded are a small part of the
    /// pool in the soak); nil when a few dozen tries find none or the pool has nothing outside `excluded`.
    func randomElement(notIn excluded: Set<String>) -> String? {
        guard members.count > excluded.count else { return nil }
        for _ in 0..<64 {
            if let candidate = members.randomElement(), !excluded.contains(candidate) { return candidate }
        }
        return nil
    }

    /// `size` distinct random members, or none when the pool holds fewer.
    func randomSample(_ size: Int) -> [String] {
        guard members.count >= size else { return [] }
        var chosen = Set<Int>()
        while chosen.count < size { chosen.insert(Int.random(in: 0..<members.count)) }
        return chosen.map { members[$0] }
    }
}
