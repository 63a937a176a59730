import Foundation

/// The JSON coders both ends of a served library use (Foundation's defaults: dates as seconds since 2001, data
/// as base64), so a record reads back exactly as it was written.
public enum WireJSON {
    public static func encode(_ value: some Encodable) throws -> Data { try JSONEncoder().encode(value) }
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T { try JSONDecoder().decode(type, from: data) }
}

/// `POST /api/photokit/prepare`: the change after `after`, prepared for these fetches.
public struct PrepareRequest: Sendable, Codable {
    public var after: Int64
    public var fetches: [ObservedFetch]
    public init(after: Int64, fetches: [ObservedFetch]) { self.after = after; self.fetches = fetches }
}

/// `GET /api/photokit/library`: who the library is and where its history stands.
public struct LibraryStatus: Sendable, Codable {
    public var identifier: String
    public var token: Int64
    public init(identifier: String, token: Int64) { self.identifier = identifier; self.token = token }
}

/// A change batch's operations, as a served library's client sends them.
public struct ChangeRequest: Sendable, Codable {
    public var operations: [ChangeOperation]
    public init(operations: [ChangeOperation]) { self.operations = operations }
}

/// `GET /api/photokit/history`: entries after a token as the reader may see them, and the token of the last
/// entry read (entries the reader may not see are left out, so a page can be empty while history goes on).
public struct HistoryPage: Sendable, Codable {
    public var entries: [ChangeLogEntry]
    public var last: Int64?
    public init(entries: [ChangeLogEntry], last: Int64?) { self.entries = entries; self.last = last }
}
