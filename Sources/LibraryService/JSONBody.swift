import Foundation
import Hummingbird

/// A JSON request body whose top-level fields are all known: unknown fields are a 400, never ignored.
protocol StrictBody: Decodable {
    /// The field names the body may carry.
    static var fields: Set<String> { get }
    /// For fields holding arrays of objects: the field names those objects may carry.
    static var nestedFields: [String: Set<String>] { get }
}

extension StrictBody {
    static var nestedFields: [String: Set<String>] { [:] }
}

/// Reading and writing JSON bodies.
enum JSONBody {
    /// Decodes a request body, refusing malformed JSON, unknown fields and bodies over the context's limit.
    static func decode<T: StrictBody>(_ type: T.Type, from request: Request, context: APIContext) async throws -> T {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: context.maxUploadSize)
        } catch {
            throw Problem(.contentTooLarge, "too-large", "The request body is larger than \(context.maxUploadSize) bytes")
        }
        return try decode(type, from: Data(buffer: buffer))
    }

    /// Decodes body bytes already read, with the same checks.
    static func decode<T: StrictBody>(_ type: T.Type, from data: Data) throws -> T {
        guard let object = try? JSONSerialization.jsonObject(with: data), let fields = object as? [String: Any] else {
            throw Problem.badRequest("The request body must be a JSON object")
        }
        let unknown = Set(fields.keys).subtracting(T.fields)
        guard unknown.isEmpty else {
            throw Problem.badRequest("Unknown field\(unknown.count == 1 ? "" : "s") in the request body: \(unknown.sorted().joined(separator: ", "))")
        }
        for (field, allowed) in T.nestedFields {
            for (index, item) in ((fields[field] as? [Any]) ?? []).enumerated() {
                guard let object = item as? [String: Any] else { throw Problem.badRequest("\(field)[\(index)] must be an object") }
                let unknown = Set(object.keys).subtracting(allowed)
                guard unknown.isEmpty else {
                    throw Problem.badRequest("Unknown field\(unknown.count == 1 ? "" : "s") in \(field)[\(index)]: \(unknown.sorted().joined(separator: ", "))")
                }
            }
        }
        do {
            return try decoder.decode(T.self, from: data)
        } catch let error as DecodingError {
            throw Problem.badRequest("Invalid request body: \(describe(error))")
        }
    }

    /// A JSON response.
    static func response(_ value: some Encodable, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) throws -> Response {
        let data = try encoder.encode(value)
        var fields = headers
        fields[.contentType] = "application/json"
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(FastDates.iso8601(date))
        }
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()

    /// A decoding error as one sentence naming the field.
    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
            return path.isEmpty ? "the body" : "'\(path)'"
        }
        switch error {
        case .keyNotFound(let key, let context): return "missing field '\((context.codingPath + [key]).map(\.stringValue).joined(separator: "."))'"
        case .typeMismatch(_, let context), .valueNotFound(_, let context): return "\(path(context)) has the wrong type"
        case .dataCorrupted(let context): return "\(path(context)) is invalid"
        @unknown default: return "invalid JSON"
        }
    }
}
