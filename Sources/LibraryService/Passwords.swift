import HummingbirdBcrypt

/// Password hashing with bcrypt (hummingbird-auth's maintained implementation), off the request threads.
struct Passwords: Sendable {
    /// bcrypt's cost: 2^cost rounds (12 takes about a quarter of a second here).
    let cost: UInt8

    /// Passwords are 8 to 72 bytes (bcrypt reads no further than 72).
    static func validate(_ password: String) throws(Problem) {
        guard password.utf8.count >= 8 else { throw Problem.badRequest("A password needs at least 8 characters") }
        guard password.utf8.count <= 72 else { throw Problem.badRequest("A password may have at most 72 bytes") }
    }

    func hash(_ password: String) async -> String {
        let cost = self.cost
        return await Offload.run { Bcrypt.hash(password, cost: cost) }
    }

    /// Checks a password; with no stored hash it still spends the same time, so timing does not reveal names.
    func verify(_ password: String, hash: String?) async -> Bool {
        let dummy = Self.dummyHash
        return await Offload.run {
            guard password.utf8.count <= 72 else { return false }
            let result = Bcrypt.verify(password, hash: hash ?? dummy)
            return hash != nil && result
        }
    }

    private static let dummyHash = Bcrypt.hash("no such account, no such password", cost: 12)
}
